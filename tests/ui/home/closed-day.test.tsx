// @vitest-environment jsdom
// Day while the markets are closed (issue 40): the total's, a portfolio's and an investment's span
// words, and their rows, say from which close the change is, in English and Danish, instead of
// "past 24 hours".
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';
import type { Api } from '../../../src/api';

/** Thursday 26 November 2026, Copenhagen's close. */
const THURSDAY_CLOSE = '2026-11-26T16:00:00.000Z';

const closedMarkets = (api: Api): Api => ({
  ...api,
  getValuation: async () => ({ ...(await api.getValuation()), since: THURSDAY_CLOSE }),
});

/** Every portfolio's and investment's market closed too, as on a weekend with stocks alone. */
const allClosed = (api: Api): Api => ({
  ...closedMarkets(api),
  getPortfolios: async () =>
    (await api.getPortfolios()).map((p) => ({ ...p, since: THURSDAY_CLOSE })),
  getInvestments: async () =>
    (await api.getInvestments()).map((i) => ({ ...i, since: THURSDAY_CLOSE })),
});

const SINCE = 'since Thu 26 Nov close';

describe('Day while the markets are closed', () => {
  it('says the total’s change is since Thursday’s close', async () => {
    await renderApp('/home', { as: 'demo', api: closedMarkets });
    const total = await screen.findByRole('region', { name: 'Total value' });
    expect(await within(total).findByText('since Thu 26 Nov close')).toBeTruthy();
    expect(within(total).queryByText('past 24 hours')).toBeNull();
  });

  it('says it in Danish too', async () => {
    const storage = new Map([['language', 'da']]);
    await renderApp('/home', { as: 'demo', api: closedMarkets, storage });
    const total = await screen.findByRole('region', { name: 'Samlet værdi' });
    expect(await within(total).findByText('siden lukning tors. 26. nov.')).toBeTruthy();
  });

  it('keeps "past 24 hours" while a market traded', async () => {
    await renderApp('/home', { as: 'demo' });
    const total = await screen.findByRole('region', { name: 'Total value' });
    expect(await within(total).findByText('past 24 hours')).toBeTruthy();
  });

  it('says it on every portfolio’s and investment’s row', async () => {
    await renderApp('/home', { as: 'demo', api: allClosed });
    for (const name of ['Portfolios', 'Investments']) {
      const table = await screen.findByRole('table', { name });
      const rows = within(table).getAllByRole('row').slice(1);
      for (const row of rows) expect(within(row).getByText(SINCE)).toBeTruthy();
    }
  });

  it('keeps the rows’ words off while their markets traded', async () => {
    await renderApp('/home', { as: 'demo', api: closedMarkets });
    const table = await screen.findByRole('table', { name: 'Investments' });
    expect(within(table).queryByText(SINCE)).toBeNull();
  });

  it('says it on a portfolio’s and an investment’s screen, in Danish too', async () => {
    await renderApp('/home', { as: 'demo', api: allClosed });
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    await userEvent.click(within(table).getAllByRole('link')[0]);
    const total = await screen.findByRole('region', { name: 'Total value' });
    expect(await within(total).findByText(SINCE)).toBeTruthy();

    const storage = new Map([['language', 'da']]);
    await renderApp('/home', { as: 'demo', api: allClosed, storage });
    const investments = await screen.findByRole('table', { name: 'Investeringer' });
    await userEvent.click(within(investments).getAllByRole('link')[0]);
    const value = await screen.findByRole('region', { name: 'Samlet værdi' });
    expect(await within(value).findByText('siden lukning tors. 26. nov.')).toBeTruthy();
    expect(within(value).queryByText('seneste døgn')).toBeNull();
  });
});
