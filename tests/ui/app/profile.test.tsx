// @vitest-environment jsdom
// Edit Profile's current password against the Mirage test server: a new e-mail or password needs
// it (the server's rule, mirrored before sending), a name alone does not.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Api } from '../../../src/api';
import type { ProfileUpdate } from '../../../src/domain/types';
import { DEMO, describedBy, renderApp } from '../support';

/** Opens Edit Profile as the demo user; `sent` lists every PUT /user the app makes. */
async function openEditProfile(storage?: Map<string, string>) {
  const sent: ProfileUpdate[] = [];
  const watch = (api: Api): Api => ({
    ...api,
    updateUser: (update) => {
      sent.push(update);
      return api.updateUser(update);
    },
  });
  await renderApp('/profile', { as: 'demo', api: watch, ...(storage && { storage }) });
  const edit = await screen.findByRole('button', { name: /Edit Profile|Rediger profil/ });
  await waitFor(() => expect(edit).toHaveProperty('disabled', false));
  await userEvent.click(edit);
  const dialog = screen.getByRole('dialog', { name: /Edit Profile|Rediger profil/ });
  return { dialog, sent };
}

async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

describe('Edit Profile: current password', () => {
  it('is a password field, empty, with a hint saying what it is for', async () => {
    const { dialog } = await openEditProfile();
    const current = within(dialog).getByLabelText<HTMLInputElement>('Current password');
    expect(current.type).toBe('password');
    expect(current.autocomplete).toBe('current-password');
    expect(current.value).toBe('');
    expect(describedBy(current)).toContain('Needed to change your e-mail or password');
  });

  it('is not needed to change only the name', async () => {
    const { dialog, sent } = await openEditProfile();
    await retype(within(dialog).getByLabelText('Name'), 'Demo Dane');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ name: 'Demo Dane', email: DEMO.email }]);
    expect(await screen.findByText('Profile saved')).toBeTruthy();
  });

  it('a new e-mail without it: the error is next to the field and nothing is sent', async () => {
    const { dialog, sent } = await openEditProfile();
    await retype(within(dialog).getByLabelText('Email'), 'dane@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const current = within(dialog).getByLabelText('Current password');
    await waitFor(() =>
      expect(describedBy(current)).toContain('The current password field is required.'),
    );
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("a wrong one: the server's message shows under the field", async () => {
    const { dialog, sent } = await openEditProfile();
    await retype(within(dialog).getByLabelText('Email'), 'dane@example.com');
    const current = within(dialog).getByLabelText('Current password');
    await userEvent.type(current, 'not-the-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(current)).toContain('The password is incorrect.'));
    expect(sent).toEqual([
      { name: 'Demo', email: 'dane@example.com', current_password: 'not-the-password' },
    ]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('past 5 guesses in a minute: says how long to wait', async () => {
    const { dialog, sent } = await openEditProfile();
    await retype(within(dialog).getByLabelText('Email'), 'dane@example.com');
    const current = within(dialog).getByLabelText('Current password');
    for (let guess = 1; guess <= 6; guess++) {
      await retype(current, `wrong-guess-${guess}`);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(sent).toHaveLength(guess));
    }
    expect(
      await within(dialog).findByText(/Too many requests\. Try again in \d+ seconds\./),
    ).toBeTruthy();
  });

  it('the right one: the new e-mail and password are saved', async () => {
    const { dialog, sent } = await openEditProfile();
    await retype(within(dialog).getByLabelText('Email'), 'dane@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a-new-secret');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'a-new-secret');
    await userEvent.type(within(dialog).getByLabelText('Current password'), DEMO.password);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        name: 'Demo',
        email: 'dane@example.com',
        password: 'a-new-secret',
        password_confirmation: 'a-new-secret',
        current_password: DEMO.password,
      },
    ]);
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(within(menu).getByText('dane@example.com')).toBeTruthy());
  });

  it('a new password typed again differently: said under Confirm password, nothing sent', async () => {
    const { dialog, sent } = await openEditProfile();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a-new-secret');
    const confirm = within(dialog).getByLabelText('Confirm password');
    await userEvent.type(confirm, 'a-new-secreT');
    await userEvent.type(within(dialog).getByLabelText('Current password'), DEMO.password);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(describedBy(confirm)).toContain('The password field confirmation does not match.'),
    );
    expect(sent).toEqual([]);
  });

  it('speaks Danish: its label, its hint and the error', async () => {
    const { dialog, sent } = await openEditProfile(new Map([['language', 'da']]));
    const current = await within(dialog).findByLabelText('Nuværende adgangskode');
    expect(describedBy(current)).toContain('Kræves for at ændre din e-mail eller adgangskode.');
    await userEvent.type(within(dialog).getByLabelText('Adgangskode'), 'a-new-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gem' }));
    await waitFor(() =>
      expect(describedBy(current)).toContain('Feltet nuværende adgangskode skal udfyldes.'),
    );
    expect(sent).toEqual([]);
  });
});
