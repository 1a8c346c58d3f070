// Stored prices, written as a provider's answers are: listings with years of closes, the day's
// points and a quote each, the default benchmark's listing as a server's start places it, and the
// ECB's rates.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { DEFAULT_BENCHMARK } from '../../src/contract/benchmark';
import { seededRandom } from '../../src/domain/market';
import type { AssetClass } from '../../src/domain/types';
import { decimalOf, divideDecimals, FLOAT64_DIGITS } from '../../src/market/decimals';
import { exchangeByMic, type Exchange } from '../../src/market/exchanges';
import { majorUnits, type StoredClose } from '../../src/market/ingest';
import type { Day, DecimalText, EuroRate } from '../../src/market/port';
import {
  addDays,
  dayInZone,
  isWeekday,
  utcDay,
  utcMidnight,
  zonedTimeToEpoch,
} from '../../src/market/zoned-time';
import { openDatabase } from '../../src/server/sql/connect';
import { priceStore, type ListingRecord, type StoredQuote } from '../../src/server/sql/market';
import { listingAt, listingNumbers } from './listings';

export const PRICE_YEARS = 8;
const MINUTE = 60_000;

/** Units per euro as the ECB publishes them: a start, a daily step and the places written. */
const EURO_RATES = [
  { currency: 'DKK', start: 7.45, step: 0.0004, places: 4 },
  { currency: 'USD', start: 1.15, step: 0.005, places: 4 },
  { currency: 'SEK', start: 10.2, step: 0.04, places: 4 },
  { currency: 'NOK', start: 9.6, step: 0.04, places: 4 },
  { currency: 'GBP', start: 0.88, step: 0.003, places: 5 },
] as const;

export interface SeededListing {
  key: string;
  /** Major units. */
  currency: string;
  assetClass: AssetClass;
}

interface SeededMarket {
  listings: SeededListing[];
  closes: number;
  rates: number;
  /** The rates against those stored before: none compared in a fresh database. */
  ratesSince: { compared: number; changed: number; added: number };
  ms: number;
}

/** The default benchmark on Xetra, with its ISIN: where a live server's start places it. */
function benchmarkListing(): { record: ListingRecord; exchange: Exchange } {
  const exchange = exchangeByMic('XETR');
  if (!exchange) throw new Error('no exchange XETR');
  const symbol = 'EUNL.DE';
  return {
    record: {
      key: `yahoo:${symbol}`,
      provider: 'yahoo',
      symbol,
      name: 'iShares Core MSCI World UCITS ETF',
      exchange: exchange.name,
      mic: exchange.mic,
      assetClass: 'fund',
      currency: exchange.currency,
      quoteCurrency: exchange.currency,
      timezone: exchange.timezone,
    },
    exchange,
  };
}

/**
 * A random walk of `PRICE_YEARS` of closes to the last one in force, and the latest quote: on an
 * exchange, the latest session's 5-minute points to now or its close (the close then being the
 * quote's price, as Yahoo's is); a coin's at `now`, without points.
 */
function pricesOf(
  n: number,
  record: ListingRecord,
  exchange: Exchange | undefined,
  calendar: readonly Day[],
  now: number,
): { closes: StoredClose[]; quote: StoredQuote } {
  const random = seededRandom(1_000 + n);
  const { divisor } = majorUnits(record.quoteCurrency);
  // As the provider writes them (Yahoo's float32 cents, CoinGecko's float64), in major units.
  const text = (quoted: number): DecimalText => {
    const written = exchange
      ? decimalOf(Math.round(quoted * 100) / 100)
      : decimalOf(quoted, FLOAT64_DIGITS);
    return divisor === 1 ? written : divideDecimals(written, divisor, 8);
  };
  let price = exchange ? (20 + 980 * random()) * (divisor === 1 ? 1 : 5) : 10 ** (5 * random() - 1);
  const step = (size: number) => (price *= 1 + size * (random() - 0.5));

  if (!exchange) {
    const today = utcDay(now);
    const closes = calendar
      .filter((day) => day < today)
      .map((day) => ({ day, close: text(step(0.06)) }));
    return {
      closes,
      quote: { price: text(step(0.01)), time: now, day: today, intraday: [] },
    };
  }
  const zone = exchange.timezone;
  let session = dayInZone(now, zone);
  while (!isWeekday(session) || zonedTimeToEpoch(session, exchange.open, zone) > now)
    session = addDays(session, -1);
  const openAt = zonedTimeToEpoch(session, exchange.open, zone);
  const closeAt = zonedTimeToEpoch(session, exchange.close, zone);
  const closes: StoredClose[] = calendar
    .filter((day) => day < session && isWeekday(day))
    .map((day) => ({ day, close: text(step(0.03)) }));
  const quoteAt = Math.min(now, closeAt);
  const intraday: StoredQuote['intraday'] = [];
  for (let time = openAt; time <= quoteAt; time += 5 * MINUTE)
    intraday.push({ time, price: text(step(0.004)) });
  const quote = { price: text(price), time: quoteAt, day: session, intraday };
  if (now >= closeAt) closes.push({ day: session, close: quote.price });
  return { closes, quote };
}

/**
 * The first day of the rates' random walk: a fixed day, so that a day's rate is the same on every
 * later day the bench runs. A walk from the calendar's first day (today less the price years) moved
 * every rate on each new UTC day, and a reused database's checkpoints were all stale (issue 37).
 */
const RATES_WALK_FROM: Day = '2010-01-04';

/** ECB-style rates of every weekday of the calendar to the last published (about 16:00 CET). */
function euroRates(calendar: readonly Day[], now: number): EuroRate[] {
  const today = utcDay(now);
  const last = now >= utcMidnight(today) + 15 * 60 * MINUTE ? today : addDays(today, -1);
  const first = calendar[0];
  const days: Day[] = [];
  for (let day = RATES_WALK_FROM; day <= last; day = addDays(day, 1))
    if (isWeekday(day)) days.push(day);
  return EURO_RATES.flatMap(({ currency, start, step, places }, index) => {
    const random = seededRandom(index + 1);
    let value: number = start;
    const rates: EuroRate[] = [];
    for (const day of days) {
      value += step * (random() - 0.5);
      if (day >= first) rates.push({ currency, day, perEuro: value.toFixed(places) });
    }
    return rates;
  });
}

/**
 * Of the rates stored before (a reused database's), how many of the days both have now have
 * another rate, and how many days' rates are new: a changed rate makes the checkpoints of the
 * events from that day stale, so their investments are replayed and kept again.
 */
function ratesChanged(
  before: readonly EuroRate[],
  now: readonly EuroRate[],
): { compared: number; changed: number; added: number } {
  const stored = new Map(before.map((r) => [`${r.currency} ${r.day}`, Number(r.perEuro)]));
  let compared = 0;
  let changed = 0;
  let added = 0;
  for (const rate of now) {
    const old = stored.get(`${rate.currency} ${rate.day}`);
    if (old === undefined) added++;
    else {
      compared++;
      if (old !== Number(rate.perEuro)) changed++;
    }
  }
  return { compared, changed, added };
}

/**
 * Listings with their closes and a quote fresh as of `now` (so no refresh is due), and the rates,
 * through PriceStore: the same writes as a provider's answers, each raising the sync version.
 */
export async function seedMarket(url: string, now: number, count: number): Promise<SeededMarket> {
  const started = performance.now();
  const database = await openDatabase(url);
  try {
    const store = priceStore(database.db, database.dialect);
    const today = utcDay(now);
    const first = addDays(today, -Math.round(PRICE_YEARS * 365.25));
    const calendar: Day[] = [];
    for (let day = first; day <= today; day = addDays(day, 1)) calendar.push(day);
    const listings: SeededListing[] = [];
    let closes = 0;
    for (const n of listingNumbers(count)) {
      const { record, exchange } = listingAt(n);
      const stored = pricesOf(n, record, exchange, calendar, now);
      await store.saveListing(record);
      await store.saveHistory(record.key, stored.closes, [], first, now);
      await store.saveQuote(record.key, stored.quote, now);
      listings.push({ key: record.key, currency: record.currency, assetClass: record.assetClass });
      closes += stored.closes.length;
    }
    // A server that has run has placed the default benchmark, as its start does: stored with its
    // ISIN, so the cold home's server finds it and asks no provider for it.
    const benchmark = benchmarkListing();
    const benchmarkPrices = pricesOf(count, benchmark.record, benchmark.exchange, calendar, now);
    await store.saveResolved(benchmark.record, DEFAULT_BENCHMARK.code);
    await store.saveHistory(benchmark.record.key, benchmarkPrices.closes, [], first, now);
    await store.saveQuote(benchmark.record.key, benchmarkPrices.quote, now);
    const rates = euroRates(calendar, now);
    const ratesSince = ratesChanged(
      await store.euroRates(EURO_RATES.map((r) => r.currency)),
      rates,
    );
    await store.saveRates(rates, now);
    // The planner's statistics, as autovacuum would gather them soon after.
    if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
    return { listings, closes, rates: rates.length, ratesSince, ms: performance.now() - started };
  } finally {
    await database.close();
  }
}
