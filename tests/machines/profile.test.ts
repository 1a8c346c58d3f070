import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  DEMO_RESET_DONE,
  PROFILE_SAVED,
  PROFILE_UNSUPPORTED,
  profileMachine,
} from '../../src/machines/profile.machine';
import { fakeApi, fakeSession, flush, http, invalid, recorder } from './support';

function start() {
  const api = fakeApi();
  const data = recorder();
  const overlay = recorder();
  const session = fakeSession();
  const notices = recorder();
  const profile = createActor(profileMachine, {
    input: {
      api,
      data: data.ref,
      session: session.session,
      notices: notices.ref,
      overlay: overlay.ref,
    },
  }).start();
  return { api, data, overlay, session, notices, profile };
}

describe('idle', () => {
  it('refuses an empty name or email without a call', () => {
    const { profile, api } = start();
    profile.send({ type: 'profile.submitted', update: { name: '', email: '' } });
    expect(profile.getSnapshot().context.fieldErrors).toEqual({
      name: ['This field is required.'],
      email: ['This field is required.'],
    });
    expect(api.updateUser).not.toHaveBeenCalled();
  });
});

describe('edit.opened', () => {
  it('opens the Edit Profile overlay', () => {
    const { profile, overlay } = start();
    profile.send({ type: 'edit.opened' });
    expect(overlay.events()).toEqual([{ type: 'overlay.opened', mode: 'edit' }]);
  });

  it('reopens without the errors of the last opening', async () => {
    const { profile, api } = start();
    profile.send({ type: 'edit.opened' });
    api.updateUser.mockRejectedValue(invalid({ email: ['The email has already been taken.'] }));
    profile.send({ type: 'profile.submitted', update: { name: 'A', email: 'demo@example.com' } });
    await flush();
    expect(profile.getSnapshot().context.fieldErrors).not.toEqual({});
    profile.send({ type: 'edit.opened' });
    expect(profile.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('reopens without the message of a failed save', async () => {
    const { profile, api } = start();
    profile.send({ type: 'edit.opened' });
    api.updateUser.mockRejectedValue(http(405));
    profile.send({ type: 'profile.submitted', update: { name: 'A', email: 'a@b.c' } });
    await flush();
    expect(profile.getSnapshot().context.formError).toBe(PROFILE_UNSUPPORTED);
    profile.send({ type: 'edit.opened' });
    expect(profile.getSnapshot().context.formError).toBeUndefined();
  });
});

describe('saving', () => {
  it('PUT /user; the new user goes to data, the result is confirmed and the overlay closes', async () => {
    const { profile, api, data, overlay, notices } = start();
    api.updateUser.mockResolvedValue({ name: 'New', email: 'new@example.com' });
    profile.send({
      type: 'profile.submitted',
      update: { name: 'New', email: 'new@example.com', password: '' },
    });
    expect(profile.getSnapshot().hasTag('saving')).toBe(true);
    await flush();
    // An empty password is left out: it means "unchanged".
    expect(api.updateUser).toHaveBeenCalledWith({ name: 'New', email: 'new@example.com' });
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
      const { profile, api, overlay } = start();
      api.updateUser.mockRejectedValue(http(status));
      profile.send({ type: 'profile.submitted', update: { name: 'A', email: 'a@b.c' } });
      await flush();
      expect(profile.getSnapshot().context.formError).toBe(PROFILE_UNSUPPORTED);
      expect(overlay.types()).toEqual([]);
    },
  );

  it('422 errors go under the fields', async () => {
    const { profile, api } = start();
    api.updateUser.mockRejectedValue(invalid({ email: ['The email has already been taken.'] }));
    profile.send({ type: 'profile.submitted', update: { name: 'A', email: 'demo@example.com' } });
    await flush();
    expect(profile.getSnapshot().context.fieldErrors).toEqual({
      email: ['The email has already been taken.'],
    });
  });
});

describe('resetting', () => {
  it('resets the demo data and reloads everything', async () => {
    const { profile, api, data } = start();
    api.resetDemo.mockResolvedValue(undefined);
    profile.send({ type: 'demo.reset' });
    expect(profile.getSnapshot().hasTag('resetting')).toBe(true);
    await flush();
    expect(api.resetDemo).toHaveBeenCalledOnce();
    expect(data.types()).toEqual(['refresh.all']);
    expect(profile.getSnapshot().context.notice).toBe(DEMO_RESET_DONE);
  });
});

describe('a lost session', () => {
  it('the change waits for the user to log in again, then is saved once', async () => {
    const { profile, api, overlay, session, notices } = start();
    const user = { name: 'Ada', email: 'ada@example.com' };
    api.updateUser.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(user);
    profile.send({ type: 'profile.submitted', update: { ...user, password: '' } });
    await flush();
    expect(profile.getSnapshot().hasTag('saving')).toBe(true);
    session.restore();
    await flush();
    expect(api.updateUser).toHaveBeenCalledTimes(2);
    expect(api.updateUser).toHaveBeenLastCalledWith(user);
    expect(notices.types()).toEqual(['notice.posted']);
    expect(overlay.types()).toEqual(['overlay.closed']);
  });
});
