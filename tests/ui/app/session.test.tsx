// @vitest-environment jsdom
// A session lost in use: the password is asked for on top of the screen, and what the user was
// doing carries on. A screen asked for while logged out is where login leads.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO, openInvestment, renderApp } from '../support';

async function logInAgain(password: string = DEMO.password) {
  const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
  expect(within(dialog).getByText('Your session has expired. Please log in again.')).toBeTruthy();
  await userEvent.type(within(dialog).getByLabelText('Password'), password);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log in again' })).toBeNull());
}

function buyRows(): number {
  const table = screen.getByRole('table', { name: /Transactions/ });
  return within(table).queryAllByRole('row').length;
}

describe('a session lost in use', () => {
  it('a Buy stays open and filled behind the password, then is saved once', async () => {
    const { server, paths } = await openInvestment();
    const path = paths.at(-1);
    const rowsBefore = buyRows();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const buy = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(buy).getByLabelText('Shares'), '3');
    await userEvent.type(within(buy).getByLabelText('Price per share'), '123.45');
    server.faults.expireSession();
    await userEvent.click(within(buy).getByRole('button', { name: 'Add' }));

    const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Email').value).toBe(DEMO.email);
    expect(within(buy).getByLabelText<HTMLInputElement>('Shares').value).toBe('3');
    expect(paths.at(-1)).toBe(path);

    await logInAgain();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy' })).toBeNull());
    await waitFor(() => expect(buyRows()).toBe(rowsBefore + 1));
    expect(paths.at(-1)).toBe(path);
  });

  it('a wrong password says so in the dialog, which stays', async () => {
    const { server } = await openInvestment();
    server.faults.expireSession();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const buy = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(buy).getByLabelText('Shares'), '1');
    await userEvent.type(within(buy).getByLabelText('Price per share'), '1');
    await userEvent.click(within(buy).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(within(dialog).getByText(/credentials|password/i)).toBeTruthy());
    expect(screen.getByRole('dialog', { name: 'Log in again' })).toBeTruthy();
  });

  it('Add portfolio keeps the typed name and creates it once after logging in again', async () => {
    const { server, paths } = await renderApp('/portfolios/create', { as: 'demo' });
    const name = await screen.findByLabelText<HTMLInputElement>('Portfolio name');
    await userEvent.type(name, 'Rainy day');
    server.faults.expireSession();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('dialog', { name: 'Log in again' });
    expect(name.value).toBe('Rainy day');
    await logInAgain();
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    await waitFor(() =>
      expect(within(table).getAllByRole('link', { name: /Rainy day/ })).toHaveLength(1),
    );
  });

  it('Log out instead goes to the landing page', async () => {
    const { server, paths } = await renderApp('/portfolios/create', { as: 'demo' });
    await userEvent.type(await screen.findByLabelText('Portfolio name'), 'Gone');
    server.faults.expireSession();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

describe('closing an overlay while its call runs', () => {
  it('a Buy cancelled in flight is still saved, and the screen shows it', async () => {
    const { server } = await openInvestment();
    const rowsBefore = buyRows();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const buy = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(buy).getByLabelText('Shares'), '2');
    await userEvent.type(within(buy).getByLabelText('Price per share'), '10');
    server.faults.latency(400);
    await userEvent.click(within(buy).getByRole('button', { name: 'Add' }));
    await userEvent.click(within(buy).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buy' })).toBeNull());
    await waitFor(() => expect(buyRows()).toBe(rowsBefore + 1));
  });
});

describe('a screen asked for while logged out', () => {
  it('is where login leads', async () => {
    const { paths } = await renderApp('/history');
    await waitFor(() => expect(paths.at(-1)).toBe('/'));
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    const login = screen.getByRole('dialog', { name: 'Formue' });
    await userEvent.type(within(login).getByLabelText('Email'), DEMO.email);
    await userEvent.type(within(login).getByLabelText('Password'), DEMO.password);
    await userEvent.click(within(login).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/history'));
  });
});
