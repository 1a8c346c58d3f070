// @vitest-environment jsdom
// Real prices on the investment screen, against the mock: the price line under the facts, the
// Prices section (type, correct and delete a price), the listing to take prices from, and the
// provider's splits and dividends offered for recording.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Api, Listing } from '../../../src/api';
import { httpError } from '../../../src/api/errors';
import { localDay } from '../../../src/domain/dates';
import { rateToDkk } from '../../../src/domain/market';
import { MARKET_TEXTS } from '../../../src/i18n/market';
import {
  describedBy,
  logInFresh,
  renderApp,
  startServer,
  testApi,
  type MarketOptions,
} from '../support';

const NOVO = 'DK0062498333';
const NVIDIA = 'US67066G1040';

/** The day a market price of now is for: the server's (UTC) day. */
const marketToday = () => new Date().toISOString().slice(0, 10);
/** The user's day: what Add price starts on. */
const today = () => localDay(new Date());

interface Holding {
  market?: MarketOptions;
  isin?: string;
  name?: string;
  date?: string;
  shares?: number;
  price?: number;
  currency?: string;
  storage?: [string, string][];
  api?: (api: Api) => Api;
  /** The screen opened: the investment's (by default), home, or its portfolio's. */
  at?: 'investment' | 'home' | 'portfolio';
}

/** A new account holding one instrument bought on `date`, its investment screen open. */
async function openHolding({
  market = { prices: () => 120 },
  isin = NOVO,
  name = 'Novo Nordisk B',
  date = '2026-09-01',
  shares = 10,
  price = 100,
  currency = 'DKK',
  storage = [],
  api,
  at = 'investment',
}: Holding = {}) {
  startServer(market);
  await logInFresh();
  const client = testApi();
  const portfolio = await client.createPortfolio({ name: 'Pension' }, { validateOnly: false });
  const investment = await client.createInvestment(
    {
      investment: { portfolio_id: portfolio?.id ?? '', name },
      instrument: { type: 'stock', isin },
      buy_event: { date, shares, share_price: price, fee: 0, currency_code: currency },
    },
    { validateOnly: false },
  );
  const paths = {
    investment: `/investments/${investment?.id ?? ''}`,
    home: '/home',
    portfolio: `/portfolios/${portfolio?.id ?? ''}`,
  };
  const rendered = await renderApp(paths[at], {
    storage: new Map([['logged_in', 'true'], ...storage]),
    ...(api && { api }),
  });
  if (at === 'investment') await screen.findByRole('heading', { name, level: 1 });
  return rendered;
}

/** An element's text as it reads: Intl puts a no-break space between code and amount. */
const read = (element: Element): string => element.textContent.replace(/\u00a0/g, ' ');

/** The price line under the facts, as it reads. */
async function priceLine(pattern: RegExp): Promise<HTMLElement> {
  return screen.findByText((_, element) => element?.tagName === 'P' && pattern.test(read(element)));
}

function totalValue(): string {
  return read(screen.getByRole('region', { name: 'Total value' }));
}

async function openPrices() {
  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  const section = await screen.findByRole('region', { name: 'Prices' });
  const table = await within(section).findByRole('table', { name: 'Prices, newest first' });
  return { section, table };
}

/** The cells of the row of `date`. */
function rowOf(table: HTMLElement, date: string): string[] {
  const row = within(table).getByRole('row', { name: new RegExp(`^${date}`) });
  return within(row).getAllByRole('cell').map(read);
}

describe('the price line', () => {
  it('says the price in its own currency, its day and its source', async () => {
    await openHolding();
    await priceLine(new RegExp(`^Price DKK 120\\.00 · ${marketToday()} · demo market$`));
  });

  it('a price of a foreign listing is in its currency, then in DKK, both hidden with amounts', async () => {
    await openHolding({ isin: 'US0378331005', name: 'Apple', currency: 'USD', price: 150 });
    const line = await priceLine(
      new RegExp(`^Price USD 120\\.00 · DKK [\\d,]+\\.\\d\\d · ${marketToday()} · demo market$`),
    );
    const dkk = /DKK ([\d,]+\.\d\d)/.exec(read(line))?.[1].replace(/,/g, '');
    expect(Number(dkk)).toBeCloseTo(120 * rateToDkk('USD', Date.now()), 1);
    await userEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    const hidden = await priceLine(/^Price USD ••••/);
    expect(read(hidden)).not.toContain('120.00');
    expect(read(hidden)).not.toContain(dkk);
    expect(within(hidden).getAllByText('hidden amount')).toHaveLength(2);
  });

  it('without a market price it is the last trade’s, marked when it is older than 4 days', async () => {
    await openHolding({ market: { prices: () => NaN }, date: '2026-09-01' });
    const line = await priceLine(
      /^Price DKK 100\.00 · 2026-09-01 \(Not current\. No new price since 2026-09-01\.\) · last trade$/,
    );
    const mark = within(line).getByTitle('No new price since 2026-09-01.');
    expect(mark.textContent).toBe('2026-09-01 (Not current. No new price since 2026-09-01.)');
  });

  it('hides the price with the other amounts', async () => {
    await openHolding();
    await priceLine(/^Price DKK 120\.00/);
    await userEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    const line = await priceLine(/^Price DKK ••••/);
    expect(read(line)).not.toContain('120');
    expect(within(line).getByText('hidden amount')).toBeTruthy();
  });

  it('speaks Danish, with Danish figures', async () => {
    await openHolding({ storage: [['language', 'da']] });
    await priceLine(new RegExp(`^Kurs 120,00\\sDKK · ${marketToday()} · demomarked$`));
  });
});

describe('the Prices section', () => {
  it('lists the price of each day, newest first, and shows older ones', async () => {
    await openHolding({ date: '2026-06-01' });
    const { section, table } = await openPrices();
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(31));
    expect(rowOf(table, marketToday())).toEqual([marketToday(), 'DKK 120.00', 'demo market', '']);
    await userEvent.click(within(section).getByRole('button', { name: 'Show older prices' }));
    await waitFor(() => expect(rows()).toHaveLength(62));
    const dates = rows().map((row) => row.textContent.slice(0, 10));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('a typed price values the investment; Edit replaces it; Delete brings the market’s back', async () => {
    await openHolding();
    await waitFor(() => expect(totalValue()).toContain('DKK 1,200.00'));
    const { section, table } = await openPrices();

    await userEvent.click(within(section).getByRole('button', { name: 'Add price' }));
    const form = within(section).getByRole('form', { name: 'Add price' });
    expect(within(form).getByLabelText<HTMLInputElement>('Date').value).toBe(today());
    expect(within(form).getByLabelText<HTMLSelectElement>('Currency').value).toBe('DKK');
    await userEvent.type(within(form).getByLabelText('Price'), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Price saved')).toBeTruthy();
    await priceLine(new RegExp(`^Price DKK 150\\.00 · ${today()} · typed in$`));
    await waitFor(() => expect(totalValue()).toContain('DKK 1,500.00'));
    await waitFor(() => expect(rowOf(table, today())).toContain('typed in'));

    await userEvent.click(
      within(table).getByRole('button', { name: `Edit the price of ${today()}` }),
    );
    const correction = within(section).getByRole('form', { name: `Price of ${today()}` });
    expect(within(correction).getByLabelText<HTMLInputElement>('Date').disabled).toBe(true);
    const price = within(correction).getByLabelText<HTMLInputElement>('Price');
    expect(price.value).toBe('150');
    await userEvent.clear(price);
    await userEvent.type(price, '160');
    await userEvent.click(within(correction).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(totalValue()).toContain('DKK 1,600.00'));
    await waitFor(() => expect(rowOf(table, today())[1]).toBe('DKK 160.00'));

    await userEvent.click(
      within(table).getByRole('button', { name: `Delete the price of ${today()}` }),
    );
    expect(await screen.findByText('Price deleted')).toBeTruthy();
    await waitFor(() => expect(totalValue()).toContain('DKK 1,200.00'));
    await priceLine(/· demo market$/);
  });

  it('Undo of a deletion types the price again', async () => {
    await openHolding();
    const { section, table } = await openPrices();
    await userEvent.click(within(section).getByRole('button', { name: 'Add price' }));
    await userEvent.type(within(section).getByLabelText('Price'), '150');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rowOf(table, today())).toContain('typed in'));
    await userEvent.click(
      within(table).getByRole('button', { name: `Delete the price of ${today()}` }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Price restored')).toBeTruthy();
    await waitFor(() =>
      expect(rowOf(table, today())).toEqual([
        today(),
        'DKK 150.00',
        'typed in',
        expect.any(String),
      ]),
    );
  });

  it('checks the price before sending, and shows the server’s refusal under its field', async () => {
    // Every price reaches the server in a currency it does not take.
    await openHolding({
      api: (api) => ({
        ...api,
        prices: () =>
          api.prices().then((calls) => ({
            ...calls,
            addPrice: (id, payload) => calls.addPrice(id, { ...payload, currency_code: 'XXX' }),
          })),
      }),
    });
    const { section } = await openPrices();
    await userEvent.click(within(section).getByRole('button', { name: 'Add price' }));
    const form = within(section).getByRole('form', { name: 'Add price' });
    const price = within(form).getByLabelText<HTMLInputElement>('Price');
    await userEvent.type(price, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(describedBy(price)).toContain('Must be greater than 0.');

    await userEvent.clear(price);
    await userEvent.type(price, '12,5');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const currency = within(form).getByLabelText<HTMLSelectElement>('Currency');
    await waitFor(() =>
      expect(describedBy(currency)).toContain('The selected currency code is invalid.'),
    );
    expect(price.value).toBe('12,5');
    expect(within(form).getByLabelText<HTMLInputElement>('Date').value).toBe(today());
  });

  it('is left out where the backend has no prices', async () => {
    // A plain Laravel API answers Formue's own calls with 404.
    const missing = () => Promise.reject(httpError(404, { message: 'Not Found' }));
    await openHolding({
      api: (api) => ({
        ...api,
        prices: () =>
          api.prices().then((calls) => ({ ...calls, getPrices: missing, getListings: missing })),
      }),
    });
    await priceLine(/^Price DKK 120\.00/);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Prices' })).toBeNull();
  });
});

describe('the listing', () => {
  const listings: Listing[] = [
    {
      id: 'yahoo:NOVO-B.CO',
      symbol: 'NOVO-B.CO',
      name: 'Novo Nordisk B',
      exchange: 'Copenhagen',
      currency: 'DKK',
      selected: true,
    },
    {
      id: `synthetic:${NOVO}`,
      symbol: NOVO,
      name: 'Novo Nordisk B',
      exchange: 'Formue demo market',
      currency: 'DKK',
      selected: false,
    },
    {
      id: 'yahoo:NOV.DE',
      symbol: 'NOV.DE',
      name: 'Novo Nordisk B',
      exchange: 'XETRA',
      currency: null,
      selected: false,
    },
  ];
  /** The demo market has one listing an instrument: these three are the test's. */
  const threeListings = (api: Api): Api => ({
    ...api,
    prices: () =>
      api.prices().then((calls) => ({ ...calls, getListings: () => Promise.resolve(listings) })),
  });

  it('Change listing offers each place it trades and saves the one chosen', async () => {
    await openHolding({ api: threeListings });
    await userEvent.click(await screen.findByRole('button', { name: 'Change listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Listing' });
    const options = within(dialog).getAllByRole('radio');
    expect(options.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Copenhagen · DKK · NOVO-B.CO',
      `Formue demo market · DKK · ${NOVO}`,
      'XETRA · NOV.DE',
    ]);
    expect(
      within(dialog).getByRole<HTMLInputElement>('radio', { name: /Copenhagen/ }).checked,
    ).toBe(true);

    // A listing the server does not know for it is refused next to the choice.
    await userEvent.click(within(dialog).getByRole('radio', { name: /XETRA/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The selected listing is invalid.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('radio', { name: /Formue demo market/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Listing changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not offered where the instrument trades in one place', async () => {
    await openHolding();
    await priceLine(/^Price/);
    expect(screen.queryByRole('button', { name: 'Change listing' })).toBeNull();
  });
});

describe('suggestions', () => {
  /** NVIDIA's 10-for-1 split and a dividend after it, as a provider reports them. */
  const nvidia: MarketOptions = {
    prices: () => 120,
    actions: (code) =>
      code === NVIDIA
        ? [
            { kind: 'split', day: '2024-06-10', numerator: 10, denominator: 1 },
            { kind: 'dividend', day: '2024-09-12', amount: 0.01, currency: 'USD' },
          ]
        : [],
  };
  const nvidiaHolding: Holding = {
    market: nvidia,
    isin: NVIDIA,
    name: 'NVIDIA',
    date: '2024-01-02',
    price: 500,
    currency: 'USD',
  };
  const holdNvidia = (storage: [string, string][] = []) =>
    openHolding({ ...nvidiaHolding, storage });

  it('offers to record a split, filled in from the provider; recorded, it goes', async () => {
    await holdNvidia();
    const suggestions = await screen.findByRole('region', { name: 'Suggestions' });
    const split = await within(suggestions).findByRole('group', {
      name: 'NVIDIA split 1:10 (10 for 1) on 2024-06-10. Record it?',
    });
    await userEvent.click(within(split).getByRole('button', { name: 'Record' }));
    const dialog = screen.getByRole('dialog', { name: 'Stock Split' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Date').value).toBe('2024-06-10');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Shares after split').value).toBe('100');
    expect(within(dialog).getByText('1:10 (10 for 1)')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(suggestions).queryByRole('group', { name: /split/ })).toBeNull(),
    );
  });

  it('offers to record a dividend with its amount; Dismiss stops offering it', async () => {
    await holdNvidia();
    const dividend = await screen.findByRole('group', {
      name: /^NVIDIA paid USD\s0\.01 per share on 2024-09-12\. Record it\?$/,
    });
    await userEvent.click(within(dividend).getByRole('button', { name: 'Record' }));
    const dialog = screen.getByRole('dialog', { name: 'Dividend' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Date').value).toBe('2024-09-12');
    // 10 shares held then (the split is not recorded): 10 x 0.01.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Total dividends').value).toBe('0.1');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(dividend).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /paid/ })).toBeNull());
    expect(screen.getByRole('group', { name: /split 1:10 \(10 for 1\)/ })).toBeTruthy();
  });

  it.each(['home', 'portfolio'] as const)(
    'on %s, the row says the split is not recorded, one tap from recording it',
    async (at) => {
      await openHolding({ ...nvidiaHolding, at });
      const table = await screen.findByRole('table', { name: 'Investments' });
      const row = await within(table).findByRole('row', { name: /NVIDIA/ });
      expect(row.textContent).toContain('Split 1:10 (10 for 1) on 2024-06-10 not recorded');
      if (at === 'home') {
        const portfolios = screen.getByRole('table', { name: 'Portfolios' });
        const pension = within(portfolios).getByRole('row', { name: /Pension/ });
        expect(within(pension).getByText('1 investment')).toBeTruthy();
        expect(within(pension).getByText('1 split not recorded')).toBeTruthy();
      }
      await userEvent.click(within(row).getByRole('button', { name: 'Record split of NVIDIA' }));
      const dialog = screen.getByRole('dialog', { name: 'Stock Split' });
      expect(within(dialog).getByLabelText<HTMLInputElement>('Date').value).toBe('2024-06-10');
      expect(within(dialog).getByLabelText<HTMLInputElement>('Shares after split').value).toBe(
        '100',
      );
      expect(within(dialog).getByLabelText('Split ratio').textContent).toBe('1:10 (10 for 1)');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(row.textContent).not.toContain('not recorded'));
      expect(row.textContent).toContain('100 shares');
    },
  );

  it('speak Danish', async () => {
    await holdNvidia([['language', 'da']]);
    const split = await screen.findByRole('group', {
      name: 'NVIDIA blev splittet 1:10 (10 for 1) den 2024-06-10. Vil du registrere det?',
    });
    expect(within(split).getByRole('button', { name: 'Registrer' })).toBeTruthy();
    expect(within(split).getByRole('button', { name: 'Afvis' })).toBeTruthy();
  });
});

describe('Buy and Sell of a USD stock', () => {
  const apple = { isin: 'US0378331005', name: 'Apple', currency: 'USD', price: 150 };

  it.each(['Buy', 'Sell'])('%s starts in USD, the listing currency', async (kind) => {
    await openHolding(apple);
    await userEvent.click(screen.getByRole('button', { name: kind }));
    const dialog = screen.getByRole('dialog', { name: kind });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
  });

  it('a price far from the close asks "Did you mean…?" once; the second Add saves it', async () => {
    await openHolding(apple);
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(dialog).getByLabelText('Shares'), '1');
    const price = within(dialog).getByLabelText('Price per share');
    await userEvent.type(price, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    // Intl puts a no-break space between code and amount.
    await waitFor(() =>
      expect(describedBy(price).replace(/\u00a0/g, ' ')).toBe('Did you mean USD 120.00?'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Buy saved')).toBeTruthy();
  });

  it('Use takes the market price and currency instead', async () => {
    await openHolding(apple);
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(dialog).getByLabelText('Shares'), '1');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'DKK');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: /^Use USD\s120\.00$/ }),
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Price per share').value).toBe('120');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
    expect(within(dialog).queryByText(/Did you mean/)).toBeNull();
  });
});

describe('texts', () => {
  it('every text is in Danish, with the English placeholders', () => {
    const names = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const [key, english] of Object.entries(MARKET_TEXTS.en)) {
      const danish = MARKET_TEXTS.da[key as keyof typeof MARKET_TEXTS.en];
      expect(danish.trim(), key).not.toBe('');
      expect(names(danish), key).toEqual(names(english));
    }
  });
});
