// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describedBy, renderApp } from '../support';

describe('history', () => {
  it('lists every event newest first, one column each for date, type, name, shares, price, value', async () => {
    await renderApp('/history', { as: 'demo' });
    expect(screen.getByRole('status', { name: 'Loading transactions' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Type', 'Name', 'Shares', 'Price', 'Value']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent ?? ''),
      );
    const dates = rows.map(([date]) => date);
    expect(dates.length).toBeGreaterThan(5);
    expect(dates.every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(rows.map(([, type]) => type))).toEqual(
      new Set(['Buy', 'Sell', 'Dividend', 'Split']),
    );
    const buy = rows.find(([, type]) => type === 'Buy');
    expect(buy?.[3]).toMatch(/^\d/);
    expect(buy?.[4]).toMatch(/\d/);
  });

  it('an empty account has no transactions yet', async () => {
    await renderApp('/history', { as: 'fresh' });
    expect(await screen.findByText(/No transactions yet/)).toBeTruthy();
  });
});

describe('profile', () => {
  it('shows the settings as switches, each stored as a cookie', async () => {
    await renderApp('/profile', { as: 'demo' });
    for (const name of ['Show currency', 'Show decimals', 'Hide sold investments']) {
      expect(screen.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('true');
    }
    await userEvent.click(screen.getByRole('switch', { name: 'Show currency' }));
    expect(screen.getByRole('switch', { name: 'Show currency' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(document.cookie).toContain('show_currency=false');
  });

  it('Edit Profile opens a dialog with the user filled in; Cancel closes it', async () => {
    await renderApp('/profile', { as: 'demo' });
    const edit = screen.getByRole('button', { name: 'Edit Profile' });
    await waitFor(() => expect(edit).toHaveProperty('disabled', false));
    await userEvent.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Demo');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Email').value).toBe('demo@example.com');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Password').value).toBe('');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Save with an empty name shows the error under Name and keeps the dialog', async () => {
    await renderApp('/profile', { as: 'demo' });
    const edit = screen.getByRole('button', { name: 'Edit Profile' });
    await waitFor(() => expect(edit).toHaveProperty('disabled', false));
    await userEvent.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, ' ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(name)).toContain('This field is required.'));
  });

  it('says the name and e-mail once, in the menu, so the page does not repeat them', async () => {
    await renderApp('/profile', { as: 'demo' });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(within(menu).getByText('demo@example.com')).toBeTruthy());
    expect(screen.getAllByText('Demo')).toHaveLength(1);
    expect(screen.getAllByText('demo@example.com')).toHaveLength(1);
  });

  it('offers a demo data reset in demo mode', async () => {
    await renderApp('/profile', { as: 'demo' });
    await userEvent.click(screen.getByRole('button', { name: 'Reset demo data' }));
    expect(await screen.findByText('Demo data was reset.')).toBeTruthy();
  });
});

describe('add portfolio', () => {
  it('needs a name (native validity), then creates it and goes back', async () => {
    const { paths } = await renderApp('/home', { as: 'fresh' });
    await userEvent.click(
      await screen.findByRole('link', { name: 'Click here to create a portfolio' }),
    );
    const name = screen.getByLabelText<HTMLInputElement>('Portfolio name');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(name.validity.valueMissing).toBe(true);
    expect(paths.at(-1)).toBe('/portfolios/create');
    await userEvent.type(name, 'Pension');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    expect(within(table).getByRole('link', { name: /Pension/ })).toBeTruthy();
  });

  it('Cancel goes back', async () => {
    const { paths } = await renderApp('/home', { as: 'fresh' });
    await userEvent.click(
      await screen.findByRole('link', { name: 'Click here to create a portfolio' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));
  });
});

describe('add investment', () => {
  it("opened from a portfolio's plus link, starts with that portfolio chosen", async () => {
    await renderApp('/portfolios/36', { as: 'demo' });
    const investments = await screen.findByRole('region', { name: 'Investments' });
    await userEvent.click(within(investments).getByRole('link', { name: 'Add investment' }));
    const portfolio = await screen.findByLabelText<HTMLSelectElement>('Portfolio');
    await waitFor(() => expect(portfolio.value).toBe('36'));
    expect(portfolio.selectedOptions[0].textContent).toBe('US tech');
  });

  it("starts with the user's only portfolio chosen", async () => {
    await renderApp('/home', { as: 'fresh' });
    await userEvent.click(
      await screen.findByRole('link', { name: 'Click here to create a portfolio' }),
    );
    await userEvent.type(screen.getByLabelText('Portfolio name'), 'Savings');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(
      await screen.findByRole('link', { name: 'Click here to create an Investment' }),
    );
    const portfolio = await screen.findByLabelText<HTMLSelectElement>('Portfolio');
    await waitFor(() => expect(portfolio.selectedOptions[0].textContent).toBe('Savings'));
  });

  it('without a portfolio, leads to creating one first, then back to the form', async () => {
    const { paths } = await renderApp('/investments/create', { as: 'fresh' });
    const first = await screen.findByRole('link', { name: 'Create a portfolio first' });
    expect(screen.getByText(/you have none yet/)).toBeTruthy();
    // No form whose Portfolio list is empty and whose Next can only refuse.
    expect(screen.queryByLabelText('Portfolio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await userEvent.click(first);
    await userEvent.type(await screen.findByLabelText('Portfolio name'), 'Savings');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/investments/create'));
    const portfolio = await screen.findByLabelText<HTMLSelectElement>('Portfolio');
    await waitFor(() => expect(portfolio.selectedOptions[0].textContent).toBe('Savings'));
  });

  it('pages through instrument and first buy; only the shown page takes input', async () => {
    const { paths } = await renderApp('/home', { as: 'demo' });
    await userEvent.click(await screen.findByRole('link', { name: 'Add investment' }));
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'step',
    );
    const portfolio = screen.getByLabelText('Portfolio');
    await waitFor(() => expect(within(portfolio).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(portfolio, within(portfolio).getAllByRole('option')[1]);
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('stock');
    await userEvent.type(screen.getByLabelText('Name'), 'Orchard');
    const isin = screen.getByLabelText<HTMLInputElement>('ISIN');
    expect(isin.placeholder).toBe('AB0123456789');
    expect(screen.getByLabelText('Shares')).toHaveProperty('disabled', true);

    await userEvent.type(isin, 'us0378331003');
    expect(isin.value).toBe('US0378331003');
    await waitFor(() => expect(describedBy(isin)).toContain('Must be a valid ISIN code'), {
      timeout: 3000,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Shares')).toHaveProperty('disabled', true);

    await userEvent.clear(isin);
    await userEvent.type(isin, 'US0378331005');
    await waitFor(() => expect(describedBy(isin)).not.toContain('Must be a valid'), {
      timeout: 3000,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText('Shares')).toHaveProperty('disabled', false));
    expect(screen.getByLabelText('Name')).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'step',
    );
    const fees = screen.getByLabelText<HTMLInputElement>('Fees');
    expect(fees.value).toBe('0.00');
    expect(fees.placeholder).toBe('0.00');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();

    // The first purchase shows its Total as the Buy overlay does: shares x price + fee.
    const total = screen.getByLabelText('Total');
    expect(total.textContent).toBe('–');
    await userEvent.type(screen.getByLabelText('Shares'), '3');
    await userEvent.type(screen.getByLabelText('Price pr. share'), '190,50');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USD');
    expect(total.textContent).toMatch(/USD\s?571\.50/);
    await userEvent.clear(fees);
    await userEvent.type(fees, '2');
    expect(total.textContent).toMatch(/USD\s?573\.50/);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));
    const table = await screen.findByRole('table', { name: 'Investments' });
    expect(await within(table).findByRole('link', { name: /^Orchard/ })).toBeTruthy();
  });

  it('labels the code Symbol for crypto and checks it as one', async () => {
    await renderApp('/investments/create', { as: 'demo' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Crypto');
    const symbol = screen.getByLabelText<HTMLInputElement>('Symbol');
    await userEvent.type(symbol, 'nosuchcoin');
    await waitFor(() => expect(describedBy(symbol)).toContain('Must be a valid Crypto Symbol'), {
      timeout: 3000,
    });
  });
});
