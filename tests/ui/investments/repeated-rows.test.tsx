// @vitest-environment jsdom
// One instrument held in two portfolios (issue 40 item 3): home's rows of it say whose they are,
// and History names each event's portfolio.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { logInFresh, renderApp, startServer, testApi } from '../support';

const NOVO = 'DK0062498333';

/** Two portfolios holding Novo Nordisk B (33 and 15 shares), the first Microsoft too. */
async function holdTwice() {
  startServer();
  await logInFresh();
  const api = testApi();
  const add = async (portfolioId: string, name: string, isin: string, shares: number) =>
    api.createInvestment(
      {
        investment: { portfolio_id: portfolioId, name },
        instrument: { type: 'stock', isin },
        buy_event: { date: '2024-01-02', shares, share_price: 400, fee: 0, currency_code: 'DKK' },
      },
      { validateOnly: false },
    );
  const pension = await api.createPortfolio({ name: 'Pension' }, { validateOnly: false });
  const depot = await api.createPortfolio({ name: 'Nordnet depot' }, { validateOnly: false });
  await add(pension?.id ?? '', 'Novo Nordisk B', NOVO, 33);
  await add(depot?.id ?? '', 'Novo Nordisk B', NOVO, 15);
  await add(pension?.id ?? '', 'Microsoft', 'US5949181045', 2);
}

describe('an instrument held in two portfolios', () => {
  it("home's rows of it say their portfolio beside the shares; a lone one does not", async () => {
    await holdTwice();
    await renderApp('/home', { storage: new Map([['logged_in', 'true']]) });
    const table = await screen.findByRole('table', { name: 'Investments' });
    expect(await within(table).findByText('33 shares · Pension')).toBeTruthy();
    expect(within(table).getByText('15 shares · Nordnet depot')).toBeTruthy();
    expect(within(table).getByText('2 shares')).toBeTruthy();
  });

  it("History's rows name their portfolio", async () => {
    await holdTwice();
    await renderApp('/history', { storage: new Map([['logged_in', 'true']]) });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = await within(table).findAllByRole('row');
    const novo = rows.filter((row) => within(row).queryByText('Novo Nordisk B'));
    expect(
      novo.map((row) => within(row).queryByText(/^(Pension|Nordnet depot)$/)?.textContent),
    ).toEqual(expect.arrayContaining(['Pension', 'Nordnet depot']));
    const microsoft = rows.find((row) => within(row).queryByText('Microsoft'));
    expect(microsoft && within(microsoft).getByText('Pension')).toBeTruthy();
  });
});
