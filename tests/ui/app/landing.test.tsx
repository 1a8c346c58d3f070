// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO, describedBy, renderApp } from '../support';

describe('landing', () => {
  it('shows the product with Login and Register, and no top bar', async () => {
    await renderApp('/');
    expect(screen.getByText('Formue')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('logs in with the demo account filled in one tap, then goes home', async () => {
    const { paths } = await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Formue' });
    expect(within(dialog).getByText(`${DEMO.email} / ${DEMO.password}`)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use demo account' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Email').value).toBe(DEMO.email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('shows a refused login under the Email field and keeps the values', async () => {
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Formue' });
    await userEvent.type(within(dialog).getByLabelText('Email'), DEMO.email);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    const email = within(dialog).getByLabelText<HTMLInputElement>('Email');
    await waitFor(() =>
      expect(describedBy(email)).toContain('These credentials do not match our records.'),
    );
    expect(email.value).toBe(DEMO.email);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Password').value).toBe(
      'wrong-password',
    );
  });

  it('registers with a name; a taken e-mail is refused under Email', async () => {
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = screen.getByRole('dialog', { name: 'Formue' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Someone');
    await userEvent.type(within(dialog).getByLabelText('Email'), DEMO.email);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'long-enough-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(describedBy(within(dialog).getByLabelText('Email'))).toContain(
        'The email has already been taken.',
      ),
    );
  });

  it('says the password rule before Register, and shows the password on request', async () => {
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = screen.getByRole('dialog', { name: 'Formue' });
    const password = within(dialog).getByLabelText<HTMLInputElement>('Password');
    expect(describedBy(password)).toContain('At least 8 characters.');
    await userEvent.type(password, 'short');
    const show = within(dialog).getByRole('button', { name: 'Show password' });
    expect(password.type).toBe('password');
    await userEvent.click(show);
    expect(password.type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(password.value).toBe('short');
    await userEvent.click(show);
    expect(password.type).toBe('password');
  });

  it('closes the overlay with the close icon', async () => {
    await renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Formue' })).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('redirects a logged-out visit of a screen to the landing page', async () => {
    const { paths } = await renderApp('/history');
    await waitFor(() => expect(paths.at(-1)).toBe('/'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('redirects the landing page to home when logged in', async () => {
    const { paths } = await renderApp('/', { as: 'demo' });
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));
  });

  it('says why when the session expired while the app was closed, also once Login has been opened', async () => {
    const { paths } = await renderApp('/home', {
      as: 'demo',
      beforeStart: (server) => server.faults.expireSession(),
    });
    await waitFor(() => expect(paths.at(-1)).toBe('/'));
    const notice = 'Your session has expired. Please log in again.';
    expect((await screen.findByRole('status')).textContent).toBe(notice);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe(notice);
  });
});
