// @vitest-environment jsdom
// The year report's screen (issue 39) on the demo's server: Danske Bank bought at two brokers and
// sold at one (skat.dk's average-method example), a dividend, and an aktiesparekonto; its boxes,
// totals, the aktiesparekonto's room, the "not tax advice" text, the CSV download, and the links
// to it from History and Profile.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Instrument } from '../../../src/domain/market';
import { logInFresh, renderApp, startServer, testApi } from '../support';

const trade = (date: string, shares: number, share_price: number) => ({
  date,
  shares,
  share_price,
  fee: 0,
  currency_code: 'DKK',
});

/** Novo at 1,000 until 2025, 1,100 at the end of 2025; everything else 1,000. */
const prices = (instrument: Instrument, time: number) =>
  instrument.code === 'DK0062498333' && time >= Date.UTC(2025, 11, 1) ? 1100 : 1000;

async function history() {
  startServer({ prices });
  await logInFresh();
  const api = testApi();
  const created = { validateOnly: false } as const;
  const holding = async (portfolio: string, isin: string, buy: ReturnType<typeof trade>) =>
    (
      await api.createInvestment(
        {
          investment: { portfolio_id: portfolio, name: isin },
          instrument: { type: 'stock', isin },
          buy_event: buy,
        },
        created,
      )
    )?.id ?? '';
  const nordnet = (await api.createPortfolio({ name: 'Nordnet' }, created))?.id ?? '';
  const saxo = (await api.createPortfolio({ name: 'Saxo' }, created))?.id ?? '';
  const ask =
    (await api.createPortfolio({ name: 'ASK', kind: 'aktiesparekonto' }, created))?.id ?? '';
  const danske = await holding(nordnet, 'DK0010274414', trade('2025-01-10', 50, 1000));
  await holding(saxo, 'DK0010274414', trade('2025-02-10', 50, 2000));
  await api.createEvent(danske, 'sell', trade('2025-03-10', 25, 1800));
  await api.createEvent(danske, 'dividend', {
    date: '2025-04-01',
    amount: 500,
    currency_code: 'DKK',
  });
  await holding(ask, 'DK0062498333', trade('2025-03-01', 100, 1000));
}

const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${name}`) });

describe('the year report', () => {
  const saved: Blob[] = [];
  beforeEach(() => {
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => void saved.splice(0));

  it('shows the boxes, totals and room by the average method, and saves its CSV', async () => {
    await history();
    await renderApp('/reports/2025');
    expect(await screen.findByRole('heading', { name: 'Tax year 2025', level: 1 })).toBeTruthy();
    expect(screen.getByText(/They are not tax advice/)).toBeTruthy();

    const boxes = within(await screen.findByRole('region', { name: 'On your tax return' }));
    expect(boxes.getByRole('row', { name: /rubrik 66.*7,500\.00/ })).toBeTruthy();
    expect(boxes.getByRole('row', { name: /rubrik 61–63.*500\.00/ })).toBeTruthy();

    const totals = screen.getByRole('region', { name: 'Totals' });
    // skat.dk's example across two brokers: 25 × 1,800 − 25 × the average 1,500.
    expect(row(totals, 'Gains and losses on listed shares').textContent).toMatch(/7,500\.00/);
    expect(row(totals, 'Share income').textContent).toMatch(/8,000\.00/);
    // 27 % of 8,000, under the year's limit.
    expect(row(totals, 'Estimated share income tax').textContent).toMatch(/2,160\.00/);
    // 100 Novo bought at 1,000, worth 1,100 at the year's end: 17 % of 10,000.
    expect(row(totals, 'Aktiesparekonto: tax 17 %').textContent).toMatch(/1,700\.00/);

    const ask = screen.getByRole('region', { name: /^ASK/ });
    expect(
      within(ask).getByText(/Room left this year: .*66,200\.00 of the ceiling .*166,200\.00/),
    ).toBeTruthy();
    const sale = within(screen.getByRole('region', { name: /^Nordnet/ })).getByText(
      /25 shares: proceeds .*45,000\.00 − average cost .*37,500\.00 \(at .*1,500\.00 each\)/,
    );
    expect(sale).toBeTruthy();
    expect(screen.getByText(/The limits have not been checked against skat\.dk yet/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const csv = await saved[0]?.text();
    expect(csv).toMatch(/7500/);
  });

  it('is linked from History and Profile', async () => {
    startServer();
    await renderApp('/history', { as: 'fresh' });
    const lastYear = `/reports/${new Date().getFullYear() - 1}`;
    const fromHistory = await screen.findByRole('link', { name: 'Tax year' });
    expect(fromHistory.getAttribute('href')).toBe(lastYear);
    await userEvent.click(fromHistory);
    expect(await screen.findByRole('heading', { name: /^Tax year \d{4}$/, level: 1 })).toBeTruthy();
    await renderApp('/profile');
    const fromProfile = await screen.findByRole('link', { name: 'Open the year report' });
    expect(fromProfile.getAttribute('href')).toBe(lastYear);
  });
});
