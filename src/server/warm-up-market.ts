// The warm-up's market (issue 37): the demo's instruments given stored listings with made-up
// closes, quotes and euro rates, written as a provider's answers are, so that the warm-up values
// its account from stored prices through the code a live server's users meet. Providers that are
// never reached: every price they could be asked for is stored, and an ask is counted.
import { DEFAULT_BENCHMARK } from '../contract/benchmark';
import type { InvestmentRow, LedgerStore } from '../contract/store';
import { isTrade } from '../domain/ledger';
import { seededRandom } from '../domain/market';
import { decimalOf } from '../market/decimals';
import { exchangeByMic } from '../market/exchanges';
import type { StoredClose } from '../market/ingest';
import type { Day, EuroRate } from '../market/port';
import { addDays, dayInZone, isWeekday, utcDay } from '../market/zoned-time';
import type { Providers } from './market/providers';
import type { ListingRecord, PriceStore } from './sql/market';

/** Where each currency's stocks trade in the warm-up: the venues of the demo's instruments. */
const VENUES: Record<string, string> = { DKK: 'XCSE', EUR: 'XETR', USD: 'XNYS' };
/** Units per euro of the warm-up's currencies, walked a little each weekday. */
const PER_EURO: Record<string, number> = { DKK: 7.46, USD: 1.1 };
/** Days of closes before the account's first trade. */
const LEAD_DAYS = 10;

function daysFrom(first: Day, last: Day, weekdaysOnly: boolean): Day[] {
  const days: Day[] = [];
  for (let day = first; day <= last; day = addDays(day, 1))
    if (!weekdaysOnly || isWeekday(day)) days.push(day);
  return days;
}

function listingOf(investment: InvestmentRow, currency: string): ListingRecord {
  const symbol = `WARM${investment.id}`;
  if (investment.type === 'crypto')
    return {
      key: `coingecko:${symbol}`,
      provider: 'coingecko',
      symbol,
      name: investment.name,
      exchange: 'CoinGecko',
      mic: null,
      assetClass: 'crypto',
      currency,
      quoteCurrency: currency,
      timezone: 'UTC',
    };
  const exchange = exchangeByMic(VENUES[currency] ?? VENUES.EUR);
  if (!exchange) throw new Error(`no exchange for ${currency}`);
  return {
    key: `yahoo:${symbol}${exchange.yahooSuffix}`,
    provider: 'yahoo',
    symbol: `${symbol}${exchange.yahooSuffix}`,
    name: investment.name,
    exchange: exchange.name,
    mic: exchange.mic,
    assetClass: 'stock',
    currency: exchange.currency,
    quoteCurrency: exchange.currency,
    timezone: exchange.timezone,
  };
}

/** A seeded walk from `start`: a close for each day, as decimal text. */
function madeUpCloses(days: readonly Day[], start: number, seed: number): StoredClose[] {
  const random = seededRandom(seed);
  let price = start;
  return days.map((day) => {
    price *= 1 + 0.03 * (random() - 0.5);
    return { day, close: decimalOf(Math.round(price * 100) / 100) };
  });
}

/**
 * Stores a listing with closes and a fresh quote for each of the investments, the default
 * benchmark's among them (placed as a live server's start places it), and the euro rates of their
 * currencies; points each investment at its listing.
 */
export async function storeMadeUpMarket(
  ledger: LedgerStore,
  prices: PriceStore,
  investments: readonly InvestmentRow[],
  now: number,
): Promise<void> {
  const today = utcDay(now);
  const trades = [];
  for (const investment of investments) {
    const first = (await ledger.investmentEvents(investment.id)).find(isTrade);
    if (first) trades.push({ investment, first });
  }
  // From before the account's first trade for every listing: the benchmark's line starts there.
  const firstDay = addDays(
    utcDay(Math.min(now, ...trades.map(({ first }) => first.time))),
    -LEAD_DAYS,
  );
  for (const { investment, first } of trades) {
    const record = listingOf(investment, first.currency);
    const closes = madeUpCloses(
      daysFrom(
        firstDay,
        addDays(dayInZone(now, record.timezone), -1),
        record.provider !== 'coingecko',
      ),
      first.price,
      investment.id,
    );
    const last = closes.at(-1)?.close ?? decimalOf(first.price);
    if (investment.code === DEFAULT_BENCHMARK.code)
      await prices.saveResolved(record, DEFAULT_BENCHMARK.code);
    else await prices.saveListing(record);
    await prices.saveHistory(record.key, closes, [], firstDay, now);
    await prices.saveQuote(
      record.key,
      { price: last, time: now, day: dayInZone(now, record.timezone), intraday: [] },
      now,
    );
    await ledger.setListing(investment.id, record.key);
  }
  const rates: EuroRate[] = [];
  for (const [currency, start] of Object.entries(PER_EURO)) {
    const random = seededRandom(start * 100);
    let perEuro = start;
    for (const day of daysFrom(firstDay, today, true)) {
      perEuro *= 1 + 0.002 * (random() - 0.5);
      rates.push({ day, currency, perEuro: perEuro.toFixed(4) });
    }
  }
  await prices.saveRates(rates, now);
}

/** Providers that answer nothing; `asked` lists the asks (none when every price is stored). */
export function unreachedProviders(): { providers: Providers; asked: () => readonly string[] } {
  const asked: string[] = [];
  const refuse =
    (what: string) =>
    (...args: unknown[]): Promise<never> => {
      asked.push(`${what} ${args.map(String).join(' ')}`);
      return Promise.reject(new Error('the warm-up asks no provider'));
    };
  const quotes = (id: 'yahoo' | 'coingecko') => ({
    id,
    history: refuse(`${id} history`),
    latest: refuse(`${id} latest`),
  });
  return {
    providers: {
      quotes: { yahoo: quotes('yahoo'), coingecko: quotes('coingecko') },
      finders: [{ byIsin: refuse('listings of') }],
      coins: { search: refuse('coin search'), bySymbol: refuse('coin') },
      names: { byName: refuse('name search') },
      fx: { rates: refuse('rates') },
    },
    asked: () => asked,
  };
}
