import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ProfileUpdate, User } from '../../../src/domain/types';
import {
  DEMO_RESET_DONE,
  demoResetMachine,
} from '../../../src/machines/profile/demo-reset.machine';
import {
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_MISMATCH,
} from '../../../src/machines/profile/profile.rules';
import {
  PROFILE_SAVED,
  PROFILE_UNSUPPORTED,
  profileMachine,
} from '../../../src/machines/profile/profile.machine';
import { fakeApi, flush, formFakes, http, invalid, recorder } from '../support';

const ADA = { name: 'Ada', email: 'ada@example.com' };
const DEMO = { name: 'Demo', email: 'demo@example.com' };
const A = { name: 'A', email: 'a@b.c' };

/** The Edit Profile form of one opening, started from `user`. */
function start(user: User = ADA) {
  const { input, ...fakes } = formFakes();
  const profile = createActor(profileMachine, {
    input: { ...input, overlay: fakes.overlay.ref, user },
  }).start();
  const save = (update: ProfileUpdate) => profile.send({ type: 'form.submitted', values: update });
  return { ...fakes, profile, save };
}

describe('idle', () => {
  it('refuses an empty name or email without a call', () => {
    const { profile, api, save } = start(ADA);
    save({ name: '', email: '' });
    expect(profile.getSnapshot().context.fieldErrors).toEqual({
      name: ['This field is required.'],
      email: ['This field is required.'],
    });
    expect(api.updateUser).not.toHaveBeenCalled();
  });
});

describe('an opening', () => {
  it('starts from the user, with empty passwords', () => {
    const { profile } = start(DEMO);
    expect(profile.getSnapshot().context.values).toEqual({
      ...DEMO,
      password: '',
      password_confirmation: '',
      current_password: '',
    });
  });

  it('Cancel closes the overlay unsaved', () => {
    const { profile, overlay, api } = start();
    profile.send({ type: 'form.cancelled' });
    expect(overlay.types()).toEqual(['overlay.closed']);
    expect(api.updateUser).not.toHaveBeenCalled();
  });
});

describe('saving', () => {
  it('PUT /user; the new user goes to data, the result is confirmed and the overlay closes', async () => {
    const { profile, api, data, overlay, notices, save } = start(DEMO);
    api.updateUser.mockResolvedValue({ name: 'New', email: 'new@example.com' });
    save({ name: 'New', email: 'new@example.com', password: '', current_password: 'demo1234' });
    expect(profile.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    // An empty password is left out: it means "unchanged".
    expect(api.updateUser).toHaveBeenCalledWith({
      name: 'New',
      email: 'new@example.com',
      current_password: 'demo1234',
    });
    expect(data.events()).toEqual([
      { type: 'user.updated', user: { name: 'New', email: 'new@example.com' } },
    ]);
    expect(notices.events()).toEqual([{ type: 'notice.posted', notice: { text: PROFILE_SAVED } }]);
    expect(PROFILE_SAVED).toBe('Profile saved');
    expect(overlay.types()).toEqual(['overlay.closed']);
  });

  it.each([404, 405])(
    'a server without the call (%i) says the profile cannot be saved there',
    async (status) => {
      const { profile, api, overlay, save } = start(A);
      api.updateUser.mockRejectedValue(http(status));
      save({ name: 'A', email: 'a@b.c' });
      await flush();
      expect(profile.getSnapshot().context.formError).toBe(PROFILE_UNSUPPORTED);
      expect(overlay.types()).toEqual([]);
    },
  );

  it('422 errors go under the fields', async () => {
    const { profile, api, save } = start(DEMO);
    api.updateUser.mockRejectedValue(invalid({ email: ['The email has already been taken.'] }));
    save({ name: 'A', email: 'demo@example.com' });
    await flush();
    expect(profile.getSnapshot().context.fieldErrors).toEqual({
      email: ['The email has already been taken.'],
    });
  });
});

describe('the current password', () => {
  const submit = (profile: ReturnType<typeof start>['profile'], update: Partial<ProfileUpdate>) =>
    profile.send({
      type: 'form.submitted',
      values: { ...DEMO, password: '', current_password: '', ...update },
    });

  it('is not needed to change only the name, and an empty one is not sent', async () => {
    const { profile, api, overlay } = start(DEMO);
    api.updateUser.mockResolvedValue({ ...DEMO, name: 'Dema' });
    submit(profile, { name: 'Dema' });
    await flush();
    expect(api.updateUser).toHaveBeenCalledExactlyOnceWith({ name: 'Dema', email: DEMO.email });
    expect(profile.getSnapshot().context.fieldErrors).toEqual({});
    expect(overlay.types()).toEqual(['overlay.closed']);
  });

  it('is not needed for the same e-mail written in other capitals', async () => {
    const { profile, api } = start(DEMO);
    api.updateUser.mockResolvedValue(DEMO);
    submit(profile, { email: 'Demo@Example.com' });
    await flush();
    expect(api.updateUser).toHaveBeenCalledOnce();
  });

  it.each([
    ['a new e-mail', { email: 'new@example.com' }],
    ['a new password', { password: 'new-secret-1', password_confirmation: 'new-secret-1' }],
  ])('is required for %s: the rule says so next to the field and nothing is sent', (_, update) => {
    const { profile, api } = start(DEMO);
    submit(profile, update);
    const { fieldErrors } = profile.getSnapshot().context;
    expect(fieldErrors).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED] });
    expect(CURRENT_PASSWORD_REQUIRED).toBe('The current password field is required.');
    expect(profile.getSnapshot().matches('editing')).toBe(true);
    expect(api.updateUser).not.toHaveBeenCalled();
  });

  it("a wrong one: the server's message goes under the field, the form stays", async () => {
    const { profile, api, overlay, data } = start(DEMO);
    api.updateUser.mockRejectedValue(invalid({ current_password: ['The password is incorrect.'] }));
    submit(profile, { email: 'new@example.com', current_password: 'wrong-one' });
    await flush();
    expect(api.updateUser).toHaveBeenCalledWith({
      ...DEMO,
      email: 'new@example.com',
      current_password: 'wrong-one',
    });
    expect(profile.getSnapshot().context.fieldErrors).toEqual({
      current_password: ['The password is incorrect.'],
    });
    expect(profile.getSnapshot().context.formError).toBeUndefined();
    expect(overlay.types()).toEqual([]);
    expect(data.types()).toEqual([]);
  });

  it('the right one: sent with the new e-mail and password, and saved', async () => {
    const { profile, api, data, overlay } = start(DEMO);
    const saved = { ...DEMO, email: 'new@example.com' };
    api.updateUser.mockResolvedValue(saved);
    submit(profile, {
      email: saved.email,
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
      current_password: 'demo1234',
    });
    await flush();
    expect(api.updateUser).toHaveBeenCalledExactlyOnceWith({
      ...saved,
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
      current_password: 'demo1234',
    });
    expect(data.events()).toEqual([{ type: 'user.updated', user: saved }]);
    expect(overlay.types()).toEqual(['overlay.closed']);
  });

  it('a new password over 72 bytes: the server says so under Password', async () => {
    const { profile, api } = start(DEMO);
    const message = 'The password field must not be greater than 72 bytes.';
    api.updateUser.mockRejectedValue(invalid({ password: [message] }));
    const password = 'ø'.repeat(40);
    submit(profile, { password, password_confirmation: password, current_password: 'demo1234' });
    await flush();
    expect(profile.getSnapshot().context.fieldErrors).toEqual({ password: [message] });
  });
});

describe('a new password', () => {
  it.each([[''], ['new-secret-2']])(
    'typed again as %j: the rule says so under the confirmation and nothing is sent',
    (confirmation) => {
      const { profile, api, save } = start(DEMO);
      save({
        ...DEMO,
        password: 'new-secret-1',
        password_confirmation: confirmation,
        current_password: 'demo1234',
      });
      expect(profile.getSnapshot().context.fieldErrors).toEqual({
        password_confirmation: [PASSWORD_MISMATCH],
      });
      expect(PASSWORD_MISMATCH).toBe('The password field confirmation does not match.');
      expect(api.updateUser).not.toHaveBeenCalled();
    },
  );
});

describe('resetting the demo', () => {
  it('resets the demo data and reloads everything', async () => {
    const api = fakeApi();
    const data = recorder();
    const reset = createActor(demoResetMachine, { input: { api, data: data.ref } }).start();
    api.resetDemo.mockResolvedValue(undefined);
    reset.send({ type: 'demo.reset' });
    expect(reset.getSnapshot().hasTag('resetting')).toBe(true);
    await flush();
    expect(api.resetDemo).toHaveBeenCalledOnce();
    expect(data.types()).toEqual(['refresh.all']);
    expect(reset.getSnapshot().context.notice).toBe(DEMO_RESET_DONE);
  });
});

describe('a lost session', () => {
  it('the change waits for the user to log in again, then is saved once', async () => {
    const user = { name: 'Ada', email: 'ada@example.com' };
    const { profile, api, overlay, session, notices, save } = start(user);
    api.updateUser.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(user);
    save({ ...user, password: '' });
    await flush();
    expect(profile.getSnapshot().hasTag('submitting')).toBe(true);
    session.restore();
    await flush();
    expect(api.updateUser).toHaveBeenCalledTimes(2);
    expect(api.updateUser).toHaveBeenLastCalledWith(user);
    expect(notices.types()).toEqual(['notice.posted']);
    expect(overlay.types()).toEqual(['overlay.closed']);
  });
});
