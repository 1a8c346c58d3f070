// @vitest-environment jsdom
// The Buy form of an aktiesparekonto's holding (issue 39) on the demo's server: a buy that takes
// the account over the year's deposit ceiling shows a warning with the room left beside the total,
// in English and Danish, and saves all the same; a free portfolio's buy warns of nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PortfolioKind } from '../../../src/domain/tax';
import { logInFresh, renderApp, startServer, testApi } from '../support';

/** An account with one holding, bought for DKK 1,000 a share on 5 January 2026, its screen open. */
async function openHolding(
  kind: PortfolioKind,
  storage: [string, string][] = [],
  shares = 100,
  at: 'investment' | 'portfolio' = 'investment',
) {
  startServer({ prices: () => 1000 });
  await logInFresh();
  const api = testApi();
  const created = { validateOnly: false } as const;
  const portfolio = await api.createPortfolio({ name: 'Nordnet', kind }, created);
  const investment = await api.createInvestment(
    {
      investment: { portfolio_id: portfolio?.id ?? '', name: 'Novo Nordisk B' },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: {
        date: '2026-01-05',
        shares,
        share_price: 1000,
        fee: 0,
        currency_code: 'DKK',
      },
    },
    created,
  );
  const path =
    at === 'investment'
      ? `/investments/${investment?.id ?? ''}`
      : `/portfolios/${portfolio?.id ?? ''}`;
  await renderApp(path, { storage: new Map([['logged_in', 'true'], ...storage]) });
  // A portfolio's title carries its kind's badge.
  const title = at === 'investment' ? 'Novo Nordisk B' : /^Nordnet/;
  await screen.findByRole('heading', { name: title, level: 1 });
}

/** Buy's dialog with `shares` at DKK 1,000 typed. */
async function typeBuy(buy: string, shares: string) {
  await userEvent.click(screen.getByRole('button', { name: buy }));
  const dialog = screen.getByRole('dialog', { name: buy });
  await userEvent.type(within(dialog).getAllByRole('textbox')[0], shares);
  return dialog;
}

const read = (element: Element | null) => element?.textContent.replace(/\u00a0/g, ' ');

describe("a buy over the aktiesparekonto's ceiling", () => {
  // The day only (timers stay real): 2026's ceiling is 174,200, so 74,200 is left.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('warns with the room left beside the total, and saves when added', async () => {
    await openHolding('aktiesparekonto');
    const dialog = await typeBuy('Buy', '74');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '1000');
    expect(within(dialog).queryByText(/deposit ceiling/)).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Shares'), '3');
    const warning = await within(dialog).findByText(/deposit ceiling/);
    expect(read(warning)).toBe(
      "This buy takes the aktiesparekonto over this year's deposit ceiling: DKK 74,200.00 of room left. You can still add it; the excess costs a penalty of 3 % a year.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Buy saved')).toBeTruthy();
  });

  it('says so in Danish', async () => {
    await openHolding('aktiesparekonto', [['language', 'da']]);
    const dialog = await typeBuy('Køb', '75');
    await userEvent.type(within(dialog).getByLabelText('Kurs pr. aktie'), '1000');
    expect(read(await within(dialog).findByText(/indskudsloft/))).toBe(
      'Købet bringer aktiesparekontoen over årets indskudsloft: 74.200,00 DKK er der plads til. Du kan stadig tilføje det; det overskydende koster 3 % i strafafgift om året.',
    );
  });

  it('says when no room is left at all', async () => {
    await openHolding('aktiesparekonto', [], 175);
    const dialog = await typeBuy('Buy', '1');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '1000');
    expect(read(await within(dialog).findByText(/deposit ceiling/))).toBe(
      "This buy takes the aktiesparekonto over this year's deposit ceiling: no room is left this year. You can still add it; the excess costs a penalty of 3 % a year.",
    );
  });

  it('is not shown for a free portfolio', async () => {
    await openHolding('free');
    const dialog = await typeBuy('Buy', '1000');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '1000');
    expect(within(dialog).getByLabelText('Total').textContent).toMatch(/1,000,000\.00/);
    expect(within(dialog).queryByText(/deposit ceiling/)).toBeNull();
  });

  it('warns of a cash deposit over the room as of a buy, and adds it all the same', async () => {
    await openHolding('aktiesparekonto', [], 100, 'portfolio');
    const section = await screen.findByRole('region', { name: 'Cash' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Turn cash on' }));
    const on = within(section).getByRole('form', { name: 'Turn cash on' });
    await userEvent.type(within(on).getByLabelText('Opening balance'), '0');
    await userEvent.click(within(on).getByRole('button', { name: 'Turn cash on' }));
    await userEvent.click(await within(section).findByRole('button', { name: 'Add cash entry' }));
    const form = within(section).getByRole('form', { name: 'New cash entry' });
    await userEvent.type(within(form).getByLabelText('Amount'), '74200');
    expect(within(form).queryByText(/deposit ceiling/)).toBeNull();
    await userEvent.type(within(form).getByLabelText('Amount'), '.01');
    expect(read(await within(form).findByText(/deposit ceiling/))).toBe(
      "This deposit takes the aktiesparekonto over this year's deposit ceiling: DKK 74,200.00 of room left. You can still add it; the excess costs a penalty of 3 % a year.",
    );
    // A withdrawal puts nothing in.
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Withdrawal');
    expect(within(form).queryByText(/deposit ceiling/)).toBeNull();
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Deposit');
    await within(form).findByText(/deposit ceiling/);
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Cash entry added')).toBeTruthy();
  });
});
