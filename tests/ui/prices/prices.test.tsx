// @vitest-environment jsdom
// Real prices on the investment screen, against the mock: the price line under the facts, and the
// Prices section (type, correct and delete a price).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { httpError } from '../../../src/api/errors';
import { localDay } from '../../../src/domain/dates';
import { rateToDkk } from '../../../src/domain/market';
import { MARKET_TEXTS } from '../../../src/i18n/market';
import { describedBy } from '../support';
import { openHolding, priceLine, read } from './open-holding';

/** The day a market price of now is for: the server's (UTC) day. */
const marketToday = () => new Date().toISOString().slice(0, 10);
/** The user's day: what Add price starts on. */
const today = () => localDay(new Date());

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
    await priceLine(new RegExp(`^Price DKK 120\\.00 · ${marketToday()} · Demo market$`));
  });

  it('a price of a foreign listing is in its currency, then in DKK, both hidden with amounts', async () => {
    await openHolding({ isin: 'US0378331005', name: 'Apple', currency: 'USD', price: 150 });
    const line = await priceLine(
      new RegExp(`^Price USD 120\\.00 · DKK [\\d,]+\\.\\d\\d · ${marketToday()} · Demo market$`),
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
    await priceLine(new RegExp(`^Kurs 120,00\\sDKK · ${marketToday()} · Demomarked$`));
  });
});

describe('the Prices section', () => {
  it('lists the price of each day, newest first, and shows older ones', async () => {
    await openHolding({ date: '2026-06-01' });
    const { section, table } = await openPrices();
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(31));
    expect(rowOf(table, marketToday())).toEqual([marketToday(), 'DKK 120.00', 'Demo market', '']);
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
    await priceLine(/· Demo market$/);
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
