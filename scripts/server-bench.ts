// `npm run bench:server`: the Node server under load, on SQLite and (when DATABASE_URL names one)
// PostgreSQL, with accounts of 2k, 20k and 200k events, valued from stored real-format prices.
//
// For each database and size: a fresh database; stored prices written through PriceStore (the
// path a provider's answer takes): 300 listings with 8 years of closes, the day's points and a
// fresh quote each, and 8 years of ECB rates; one account registered and given 5 portfolios and
// 40 investments through the API (on a server with the synthetic market: the live one would ask
// the providers for each ISIN's listings), the rest of its events bulk-inserted with Kysely (the
// API would take too long at 200k), and its investments pointed at listings of their currency.
// Then the server runs with MARKET_DATA=live, every provider URL at a local server that counts
// the requests it gets and answers 503. A first live start times the first GET /investments
// (which replays every event); a second the first GET /user/valuation; on that second one, 20
// sessions logged in, then per request: 5 single requests on the idle server, and 5 rounds of a
// writer's buy (with a fresh Idempotency-Key), correction and deletion; then per request,
// autocannon with 20 connections (one session each) for --duration seconds (longer when requests
// are slow), the server's event-loop delay measured in the child, and right after, the mixed run
// (scripts/server-bench-mixed.ts): the same request on 17 of the sessions while the other 3 go
// round those writes to the same account, its p99 against the run alone (target: within 2x).
// Before those starts, the cold home: --cold-runs fresh live server processes, each asked the home
// screen's three calls (valuation for Forever and for Year, the Year chart) one after the other
// right after its start and a login, then the server's heap after a garbage collection, the split
// of the cold time by phase (src/contract/phases.ts), and the three calls again, warm.
// Last, per database, the load of a new listing's 8 years of closes (scripts/market-bench.ts).
// Prints Markdown; --write puts it, the machine and the targets met or missed in
// docs/benchmarks.md (section "## Server").
//
// Flags: --sizes=2000,20000  --quick (2k and 20k)  --duration=10 (s per run)  --warmup=2 (s)
//        --databases=sqlite,postgres  --write  --profile[=dir] (the child runs with --cpu-prof)
//        --listings=300 (stored listings; CI stores 40: 20 leave an investment without a listing)
//        --cold-runs=3 (fresh server processes for the cold home)  --cold-only (nothing else)
// SQLite uses a temporary file. PostgreSQL runs only when DATABASE_URL is a postgres:// URL, and
// its database is EMPTIED (drop schema public cascade) before every size.
// Exits 1 when a request failed (non-2xx, error or timeout) or a provider was asked before the
// first answer after a start. Targets never set the exit code: times on a shared machine are
// noisy.
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { toEntry } from '../src/contract/figures';
import { SHARES_ONLY } from '../src/contract/pricing';
import type { Phase } from '../src/contract/phases';
import type { EventFacts } from '../src/contract/store';
import { applyEntry, EMPTY_HOLDING, type Holding } from '../src/domain/ledger';
import {
  assetClassOf,
  CATALOGUE,
  priceAt,
  rateToDkk,
  seededRandom,
  type Instrument,
} from '../src/domain/market';
import type { AssetClass } from '../src/domain/types';
import { decimalOf, divideDecimals, FLOAT64_DIGITS } from '../src/market/decimals';
import { exchangeByMic, type Exchange } from '../src/market/exchanges';
import { majorUnits, type StoredClose } from '../src/market/ingest';
import type { Day, DecimalText, EuroRate } from '../src/market/port';
import {
  addDays,
  dayInZone,
  utcDay,
  utcMidnight,
  zonedTimeToEpoch,
} from '../src/market/zoned-time';
import { openDatabase } from '../src/server/sql/connect';
import { PriceStore, type ListingRecord, type StoredQuote } from '../src/server/sql/price-store';
import { toEventColumns } from '../src/server/sql/store/event-rows';
import {
  benchListingLoad,
  LISTING_LOAD_ALIGN,
  LISTING_LOAD_HEADER,
  LISTING_LOAD_TEXT,
  listingLoadRow,
  type ListingLoad,
} from './market-bench';
import { autocannon, failedOf, type CannonResult } from './server-bench-cannon';
import type { ChildMessage, ParentMessage } from './server-bench-child';
import {
  IDLE_WRITES_ALIGN,
  IDLE_WRITES_HEADER,
  IDLE_WRITES_ROUNDS,
  idleWrites,
  idleWritesRow,
  MIXED_ALIGN,
  MIXED_HEADER,
  mixedFigures,
  mixedRow,
  mixedRun,
  mixedTarget,
  WRITERS,
  type IdleWriteFigures,
  type MixedFigures,
  type WriteTarget,
} from './server-bench-mixed';

const CONNECTIONS = 20;
const PORTFOLIOS = 5;
const INVESTMENTS = 40;
/** The oldest investment starts this many years back. */
const YEARS = 6;
const IDLE_RUNS = 5;
/** Slow requests get longer runs (see benchOne), up to this. */
const MAX_RUN_SECONDS = 120;
const INSERT_CHUNK = 1000;
const PASSWORD = 'bench-password';
const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
const DOC = 'docs/benchmarks.md';
const CHILD = fileURLToPath(new URL('./server-bench-child.ts', import.meta.url));

type DatabaseKind = 'sqlite' | 'postgres';
const DATABASE_NAMES: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

interface Endpoint {
  name: string;
  path: string;
  /** Cookies beyond the session's. */
  cookie: string;
}
const ENDPOINTS: readonly Endpoint[] = [
  { name: 'valuation', path: '/api/v1/user/valuation', cookie: '' },
  { name: 'Year chart', path: '/api/v1/user/chart', cookie: 'selected_period=Year' },
  { name: 'investments', path: '/api/v1/investments', cookie: '' },
];

// ---------------------------------------------------------------------------------------------
// Flags

interface Options {
  sizes: number[];
  duration: number;
  warmup: number;
  databases: DatabaseKind[];
  /** How many listings the stored prices have. */
  listings: number;
  write: boolean;
  /** Where the child writes its CPU profiles, if profiling. */
  profileDir: string | undefined;
  /** Fresh server processes per size for the cold home. */
  coldRuns: number;
  /** Only the cold home: no runs under load, no new listing. */
  coldOnly: boolean;
}

function readOptions(argv: readonly string[]): Options {
  const options: Options = {
    sizes: [2_000, 20_000, 200_000],
    duration: 10,
    warmup: 2,
    databases: ['sqlite', 'postgres'],
    listings: 300,
    write: false,
    profileDir: undefined,
    coldRuns: 3,
    coldOnly: false,
  };
  const positive = (flag: string, raw: string) => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${flag} must be positive`);
    return value;
  };
  for (const arg of argv) {
    const [flag, raw = ''] = arg.split(/=(.*)/s, 2);
    if (flag === '--quick') options.sizes = [2_000, 20_000];
    else if (flag === '--sizes')
      options.sizes = raw.split(',').map((s) => Math.round(positive(flag, s)));
    else if (flag === '--duration') options.duration = positive(flag, raw);
    else if (flag === '--warmup') options.warmup = Number(raw) === 0 ? 0 : positive(flag, raw);
    else if (flag === '--listings') options.listings = Math.round(positive(flag, raw));
    else if (flag === '--write') options.write = true;
    else if (flag === '--cold-runs') options.coldRuns = Math.round(positive(flag, raw));
    else if (flag === '--cold-only') options.coldOnly = true;
    else if (flag === '--profile') options.profileDir = raw || join(tmpdir(), 'server-bench-prof');
    else if (flag === '--databases') {
      options.databases = raw.split(',').map((name) => {
        if (name !== 'sqlite' && name !== 'postgres')
          throw new Error(`--databases takes sqlite and/or postgres, not "${name}"`);
        return name;
      });
    } else throw new Error(`Unknown flag ${arg}; see the top of scripts/server-bench.ts`);
  }
  // The section would lose every table but the cold one.
  if (options.coldOnly && options.write) throw new Error('--cold-only does not --write');
  return options;
}

// ---------------------------------------------------------------------------------------------
// HTTP with a cookie jar, as a browser session

class Session {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  /** The CSRF token a write sends back in X-XSRF-TOKEN (Sanctum: the cookie, URL-decoded). */
  get xsrf(): string {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }

  /** The Cookie header: the session's cookies plus `extra`. */
  header(extra = ''): string {
    const own = [...this.cookies].map(([name, value]) => `${name}=${value}`);
    return [...own, ...(extra ? [extra] : [])].join('; ');
  }

  async request(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    extraCookie = '',
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Cookie: this.header(extraCookie),
    };
    if (method !== 'GET') {
      headers['X-XSRF-TOKEN'] = this.xsrf;
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  /** As request, but anything other than `expected` is an error. */
  async expect(
    expected: number,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ): Promise<unknown> {
    const answer = await this.request(method, path, body);
    if (answer.status !== expected)
      throw new Error(
        `${method} ${path}: ${answer.status}, expected ${expected}: ${JSON.stringify(answer.body)}`,
      );
    return answer.body;
  }
}

/** The `data.id` of a 201 answer. */
function createdId(body: unknown): number {
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  const id = typeof data === 'object' && data !== null && 'id' in data ? data.id : undefined;
  if (typeof id !== 'number') throw new Error(`No data.id in ${JSON.stringify(body)}`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// The synthetic account

interface PlannedInvestment {
  instrument: Instrument;
  portfolio: number;
  /** In time order, strictly increasing times, all in the past; the first is a buy. */
  events: EventFacts[];
}

const significant = (value: number) => Number(value.toPrecision(6));
const cents = (value: number) => Math.max(0.01, Math.round(value * 100) / 100);

/**
 * One investment's history: a first buy, then mostly buys, sells within the holding (now and
 * then all of it), dividends, and a 2:1 split about 1.5 times per investment. Prices follow the
 * market, divided by the splits so far; fees are about 29 DKK in the listing currency.
 */
function planInvestment(
  index: number,
  count: number,
  now: number,
  random: () => number,
): PlannedInvestment {
  const instrument = CATALOGUE[index % CATALOGUE.length];
  const currency = instrument.currency;
  const start = Math.round(now - YEARS * YEAR * (0.35 + 0.65 * random()));
  const end = now - DAY;
  const times = Array.from({ length: count }, () => start + (end - start) * random()).sort(
    (a, b) => a - b,
  );
  const splitChance = 1.5 / count;
  let splitFactor = 1;
  let holding: Holding = EMPTY_HOLDING;
  let previous = -Infinity;
  const events: EventFacts[] = [];
  for (let k = 0; k < count; k++) {
    const time = Math.max(Math.round(times[k]), previous + 1);
    previous = time;
    const price = significant(priceAt(instrument, time) / splitFactor);
    const fee = cents(29 / rateToDkk(currency, time));
    const held = holding.shares;
    const roll = random();
    let facts: EventFacts;
    if (k === 0 || held <= 0 || (roll >= splitChance && roll < 0.55)) {
      const shares = k === 0 ? 10 + Math.floor(random() * 40) : 1 + Math.floor(random() * 20);
      facts = { kind: 'buy', time, currency, shares, price, fee };
    } else if (roll < splitChance) {
      facts = {
        kind: 'split',
        time,
        currency,
        sharesAfter: held * 2,
        fee: 0,
        soldShares: 0,
        soldPrice: 0,
        hide: random() < 0.2,
        fromShares: held,
      };
      splitFactor *= 2;
    } else if (roll < 0.8) {
      const shares = random() < 0.05 ? held : Math.max(1, Math.floor(held * random() * 0.5));
      facts = { kind: 'sell', time, currency, shares, price, fee };
    } else {
      facts = { kind: 'dividend', time, currency, amount: cents(held * price * 0.01) };
    }
    const result = applyEntry(holding, toEntry(facts, SHARES_ONLY));
    if (!result.ok) throw new Error(`planned event refused: ${JSON.stringify(result.refusal)}`);
    holding = result.holding;
    events.push(facts);
  }
  return { instrument, portfolio: index % PORTFOLIOS, events };
}

function planAccount(size: number, now: number): PlannedInvestment[] {
  const random = seededRandom(size);
  return Array.from({ length: INVESTMENTS }, (_, i) =>
    planInvestment(
      i,
      Math.floor(size / INVESTMENTS) + (i < size % INVESTMENTS ? 1 : 0),
      now,
      random,
    ),
  );
}

/**
 * Registers the owner, creates portfolios and investments through the API (each with its first
 * buy), dates those first buys back to the start of their history, bulk-inserts the rest in time
 * order, so each investment's ids and times both increase, and points each investment at a
 * stored listing. Returns the owner's email, and the investments' ids and currencies.
 */
async function loadAccount(
  base: string,
  url: string,
  size: number,
  listings: readonly SeededListing[],
): Promise<{ email: string; investments: WriteTarget[] }> {
  const owner = new Session(base);
  const email = `bench-${size}@example.com`;
  await owner.expect(204, 'GET', '/sanctum/csrf-cookie');
  await owner.expect(200, 'POST', '/api/v1/auth/register', {
    name: 'Bench',
    email,
    password: PASSWORD,
  });
  const portfolioIds: number[] = [];
  for (let p = 0; p < PORTFOLIOS; p++)
    portfolioIds.push(
      createdId(await owner.expect(201, 'POST', '/api/v1/portfolios', { name: `P${p + 1}` })),
    );

  const plan = planAccount(size, Date.now());
  const listingKeys = listingsFor(plan, listings);
  const investmentIds: number[] = [];
  for (const planned of plan) {
    const first = planned.events[0];
    if (first.kind !== 'buy') throw new Error('the first planned event is not a buy');
    const body = {
      investment: { portfolio_id: portfolioIds[planned.portfolio], name: planned.instrument.name },
      instrument: { type: planned.instrument.type, isin: planned.instrument.code },
      buy_event: {
        shares: first.shares,
        share_price: first.price,
        fee: first.fee,
        currency_code: first.currency,
      },
    };
    investmentIds.push(createdId(await owner.expect(201, 'POST', '/api/v1/investments', body)));
  }

  // A second connection to the server's database: the server's own handle stays its own.
  const database = await openDatabase(url);
  try {
    const rest = plan
      .flatMap((planned, i) =>
        planned.events
          .slice(1)
          .map((event) => toEventColumns({ ...event, investmentId: investmentIds[i] })),
      )
      .sort((a, b) => a.time - b.time);
    await database.db.transaction().execute(async (db) => {
      for (const [i, planned] of plan.entries()) {
        const first = planned.events[0];
        if (first.kind !== 'buy') continue;
        await db
          .updateTable('events')
          .set({ time: first.time, price: first.price })
          .where('investment_id', '=', investmentIds[i])
          .execute();
      }
      for (let start = 0; start < rest.length; start += INSERT_CHUNK)
        await db
          .insertInto('events')
          .values(rest.slice(start, start + INSERT_CHUNK))
          .execute();
      // As choosing a listing does (PUT /investments/{id}/listing): the version moves with it.
      for (const [i, listing] of listingKeys.entries())
        await db
          .updateTable('investments')
          .set((eb) => ({ listing, version: eb('version', '+', 1) }))
          .where('id', '=', investmentIds[i])
          .execute();
    });
    // PostgreSQL's planner statistics, as autovacuum would gather them soon after a bulk load.
    if (database.dialect === 'postgres') await sql`analyze events`.execute(database.db);
  } finally {
    await database.close();
  }
  return {
    email,
    investments: plan.map(({ instrument }, i) => ({
      id: investmentIds[i],
      currency: instrument.currency,
    })),
  };
}

async function logIn(base: string, email: string): Promise<Session> {
  const session = new Session(base);
  await session.expect(204, 'GET', '/sanctum/csrf-cookie');
  await session.expect(200, 'POST', '/api/v1/auth/login', { email, password: PASSWORD });
  return session;
}

// ---------------------------------------------------------------------------------------------
// Stored prices, written as a provider's answers are

/** Listings 0 to COINS - 1 are coins (CoinGecko: a close every UTC day); the rest Yahoo's. */
const COINS = 10;
const PRICE_YEARS = 8;
const MINUTE = 60_000;
/** Where Yahoo listing n trades, by n % 10: Copenhagen most, then the US, the euro, London. */
const VENUES = ['XCSE', 'XCSE', 'XCSE', 'XCSE', 'XNAS', 'XNYS', 'XETR', 'XPAR', 'XLON', 'XSTO'];
/** Units per euro as the ECB publishes them: a start, a daily step and the places written. */
const EURO_RATES = [
  { currency: 'DKK', start: 7.45, step: 0.0004, places: 4 },
  { currency: 'USD', start: 1.15, step: 0.005, places: 4 },
  { currency: 'SEK', start: 10.2, step: 0.04, places: 4 },
  { currency: 'NOK', start: 9.6, step: 0.04, places: 4 },
  { currency: 'GBP', start: 0.88, step: 0.003, places: 5 },
] as const;

interface SeededListing {
  key: string;
  /** Major units. */
  currency: string;
  assetClass: AssetClass;
}

interface SeededMarket {
  listings: SeededListing[];
  closes: number;
  rates: number;
  ms: number;
}

const isWeekday = (day: Day) => {
  const weekday = new Date(utcMidnight(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

function listingAt(n: number): { record: ListingRecord; exchange: Exchange | undefined } {
  if (n < COINS) {
    const symbol = `coin-${n}`;
    return {
      record: {
        key: `coingecko:${symbol}`,
        provider: 'coingecko',
        symbol,
        name: `Coin ${n}`,
        exchange: 'CoinGecko',
        mic: null,
        assetClass: 'crypto',
        currency: 'USD',
        quoteCurrency: 'USD',
        timezone: 'UTC',
      },
      exchange: undefined,
    };
  }
  // Every other Nordic listing is Oslo's; every other Xetra listing a fund, and one Copenhagen
  // listing in 20 a Danish fund (investeringsforening).
  const mic = n % 20 === 19 ? 'XOSL' : VENUES[n % 10];
  const exchange = exchangeByMic(mic);
  if (!exchange) throw new Error(`no exchange ${mic}`);
  const symbol = `SYM${n}${exchange.yahooSuffix}`;
  return {
    record: {
      key: `yahoo:${symbol}`,
      provider: 'yahoo',
      symbol,
      name: `Listing ${n}`,
      exchange: exchange.name,
      mic: exchange.mic,
      assetClass:
        (mic === 'XETR' && n % 20 === 16) || (mic === 'XCSE' && n % 20 === 13) ? 'fund' : 'stock',
      currency: majorUnits(exchange.currency).currency,
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

/** ECB-style rates of every weekday to the last published (about 16:00 CET). */
function euroRates(calendar: readonly Day[], now: number): EuroRate[] {
  const today = utcDay(now);
  const last = now >= utcMidnight(today) + 15 * 60 * MINUTE ? today : addDays(today, -1);
  const days = calendar.filter((day) => day <= last && isWeekday(day));
  return EURO_RATES.flatMap(({ currency, start, step, places }, index) => {
    const random = seededRandom(index + 1);
    let value: number = start;
    return days.map((day) => {
      value += step * (random() - 0.5);
      return { currency, day, perEuro: value.toFixed(places) };
    });
  });
}

/**
 * Listings with their closes and a quote fresh as of `now` (so no refresh is due), and the rates,
 * through PriceStore: the same writes as a provider's answers, each raising the sync version.
 */
async function seedMarket(url: string, now: number, count: number): Promise<SeededMarket> {
  const started = performance.now();
  const database = await openDatabase(url);
  try {
    const store = new PriceStore(database.db, database.dialect);
    const today = utcDay(now);
    const first = addDays(today, -Math.round(PRICE_YEARS * 365.25));
    const calendar: Day[] = [];
    for (let day = first; day <= today; day = addDays(day, 1)) calendar.push(day);
    const listings: SeededListing[] = [];
    let closes = 0;
    for (let n = 0; n < count; n++) {
      const { record, exchange } = listingAt(n);
      const stored = pricesOf(n, record, exchange, calendar, now);
      await store.saveListing(record);
      await store.saveHistory(record.key, stored.closes, [], first, now);
      await store.saveQuote(record.key, stored.quote, now);
      listings.push({ key: record.key, currency: record.currency, assetClass: record.assetClass });
      closes += stored.closes.length;
    }
    const rates = euroRates(calendar, now);
    await store.saveRates(rates, now);
    // The planner's statistics, as autovacuum would gather them soon after.
    if (database.dialect === 'postgres') await sql`analyze`.execute(database.db);
    return { listings, closes, rates: rates.length, ms: performance.now() - started };
  } finally {
    await database.close();
  }
}

/** Each investment's listing: one of its instrument's currency and asset class, none twice. */
function listingsFor(
  plan: readonly PlannedInvestment[],
  listings: readonly SeededListing[],
): string[] {
  const pools = new Map<string, string[]>();
  for (const listing of listings) {
    const pool = `${listing.currency}:${listing.assetClass}`;
    pools.set(pool, [...(pools.get(pool) ?? []), listing.key]);
  }
  const taken = new Map<string, number>();
  return plan.map(({ instrument }) => {
    const pool = `${instrument.currency}:${assetClassOf(instrument)}`;
    const keys = pools.get(pool);
    if (!keys) throw new Error(`no seeded listing for ${pool}`);
    const index = taken.get(pool) ?? 0;
    taken.set(pool, index + 1);
    return keys[index % keys.length];
  });
}

// ---------------------------------------------------------------------------------------------
// The server in a child process

class Server {
  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
    readonly resolutionMs: number,
  ) {}

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** `providerUrl`: a live market with every provider there; none: the synthetic market. */
  static async start(
    url: string,
    profileDir: string | undefined,
    providerUrl: string | undefined,
  ): Promise<Server> {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_DATABASE_URL: url };
    if (providerUrl) env.BENCH_PROVIDER_URL = providerUrl;
    else delete env.BENCH_PROVIDER_URL;
    const child = fork(CHILD, [], {
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ],
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await new Promise<ChildMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ChildMessage));
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) at start`)));
    });
    if (ready.type !== 'ready') {
      child.kill();
      throw new Error(`the server did not start: ${JSON.stringify(ready)}`);
    }
    return new Server(child, `http://127.0.0.1:${ready.port}`, ready.resolutionMs);
  }

  /** The longest event-loop stall (ms) since the last call. */
  async loopDelayMax(): Promise<number> {
    const message = await this.ask('delay');
    if (message.type !== 'delay') throw new Error(`unexpected ${JSON.stringify(message)}`);
    return message.maxMs;
  }

  /** The ms of each phase and of the requests since the last call. */
  async phases(): Promise<{ ms: Partial<Record<Phase, number>>; serverMs: number }> {
    const message = await this.ask('phases');
    if (message.type !== 'phases') throw new Error(`unexpected ${JSON.stringify(message)}`);
    return message;
  }

  /** The server's heap in use after a garbage collection, in bytes. */
  async heapUsed(): Promise<number> {
    const message = await this.ask('memory');
    if (message.type !== 'memory') throw new Error(`unexpected ${JSON.stringify(message)}`);
    return message.heapUsed;
  }

  /** Resolves once the server has finished every request it was given. */
  async idle(): Promise<void> {
    const message = await this.ask('idle');
    if (message.type !== 'idle') throw new Error(`unexpected ${JSON.stringify(message)}`);
  }

  private ask(question: ParentMessage): Promise<ChildMessage> {
    const answer = new Promise<ChildMessage>((resolve) =>
      this.child.once('message', (message) => resolve(message as ChildMessage)),
    );
    this.send(question);
    return answer;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send('stop');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  private send(message: ParentMessage): void {
    this.child.send(message);
  }
}

/**
 * Stands in for all four providers: counts every request and answers 503, so none succeeds and
 * any the server makes is seen.
 */
class ProviderCounter {
  private constructor(
    private readonly http: HttpServer,
    readonly url: string,
    private readonly asked: string[],
  ) {}

  static async start(): Promise<ProviderCounter> {
    const asked: string[] = [];
    const http = createServer((request, response) => {
      asked.push(`${request.method ?? 'GET'} ${request.url ?? '/'}`);
      response.writeHead(503, { 'Content-Type': 'text/plain' });
      response.end('Service Unavailable (bench:server has no providers)');
    });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = http.address() as AddressInfo;
    return new ProviderCounter(http, `http://127.0.0.1:${port}`, asked);
  }

  /** Requests so far: a mark for `since`. */
  get count(): number {
    return this.asked.length;
  }

  /** The requests after a mark, as `METHOD path?query`. */
  since(mark: number): string[] {
    return this.asked.slice(mark);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Figures {
  database: DatabaseKind;
  events: number;
  endpoint: string;
  idleMs: number;
  p50: number;
  p99: number;
  rps: number;
  /** Requests answered within the run, and the run's length in seconds. */
  completed: number;
  seconds: number;
  /** The server's time per request (1000 / rps) per 1000 events. */
  msPer1k: number;
  loopMaxMs: number;
  /** The longest stall while the single requests ran one at a time. */
  idleStallMs: number;
  failed: number;
  /** Set when the request failed on the idle server, so it was not put under load. */
  status?: number;
}

/** The writes of every database and size: one at a time, and mixed with reads. */
interface WriteFigures {
  idle: IdleWriteFigures[];
  mixed: MixedFigures[];
}

/** One database and size: its stored prices, and the first answers after a start. */
interface StartFigures {
  database: DatabaseKind;
  events: number;
  /** Writing the stored prices through PriceStore. */
  seedMs: number;
  closes: number;
  rates: number;
  /** A first live start's first GET /investments: every event read and replayed. */
  cold: FirstAnswer;
  /** A second start's first GET /user/valuation. */
  firstValuation: FirstAnswer;
  /** Provider requests during the measured server's life, its start included. */
  inRun: string[];
}

interface FirstAnswer {
  ms: number;
  status: number;
  /** Provider requests from the start until shortly after this answer: must be none. */
  asked: string[];
}

/** How long after a first answer a request it set off (a refresh behind it) is waited for. */
const SETTLE_MS = 500;

/**
 * A live start's first request to `path` (after a login, which reads no prices), timed, with
 * the provider requests made since `mark` (taken before the start).
 */
async function firstAnswer(
  server: Server,
  providers: ProviderCounter,
  mark: number,
  email: string,
  path: string,
): Promise<FirstAnswer & { body: unknown }> {
  const session = await logIn(server.base, email);
  const started = performance.now();
  const answer = await session.request('GET', path);
  const ms = performance.now() - started;
  await sleep(SETTLE_MS);
  return { ms, status: answer.status, body: answer.body, asked: providers.since(mark) };
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Single {
  /** Median ms of the single requests. */
  ms: number;
  /** 200, or the status of the first request that answered otherwise. */
  status: number;
  /** The server's longest event-loop stall while they ran. */
  stallMs: number;
}

/** Single requests one after the other on the idle server. */
async function single(server: Server, session: Session, endpoint: Endpoint): Promise<Single> {
  const samples: number[] = [];
  for (let i = 0; i <= IDLE_RUNS; i++) {
    const started = performance.now();
    const answer = await session.request('GET', endpoint.path, undefined, endpoint.cookie);
    if (answer.status !== 200)
      return { ms: NaN, status: answer.status, stallMs: await server.loopDelayMax() };
    // The first is not counted: it warms the caches of the request's code.
    if (i > 0) samples.push(performance.now() - started);
    else await server.loopDelayMax();
  }
  return { ms: median(samples), status: 200, stallMs: await server.loopDelayMax() };
}

function cannon(
  base: string,
  endpoint: Endpoint,
  sessions: readonly Session[],
  seconds: number,
): Promise<CannonResult> {
  let next = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 120,
    setupClient: (client) => {
      // A fresh request array per connection: autocannon shares the default one among them.
      const session = sessions[next++ % sessions.length];
      client.setRequests([
        {
          method: 'GET',
          path: endpoint.path,
          headers: { accept: 'application/json', cookie: session.header(endpoint.cookie) },
        },
      ]);
    },
  });
}

async function freshDatabase(kind: DatabaseKind, postgresUrl: string | undefined) {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'formue-bench-'));
    return {
      url: `sqlite:${join(dir, 'bench.sqlite')}`,
      cleanUp: () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('no PostgreSQL URL');
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query('drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
  return { url: postgresUrl, cleanUp: () => undefined };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A run's length for a request taking `idleMs` alone. Every connection's requests finish
 * together, after about CONNECTIONS x a request's time: run long enough for about three rounds,
 * or no request may finish in the window.
 */
const runSeconds = (options: Options, idleMs: number) =>
  Math.min(
    MAX_RUN_SECONDS,
    Math.max(options.duration, Math.ceil((3 * CONNECTIONS * idleMs) / 1000)),
  );

/**
 * `endpoint` again, with WRITERS of the connections writing to the account: after a warm-up of
 * the same mix, as long as its run alone (`alone`).
 */
async function benchMixed(
  live: Server,
  endpoint: Endpoint,
  alone: Figures,
  sessions: readonly Session[],
  investments: readonly WriteTarget[],
  options: Options,
): Promise<MixedFigures> {
  const readers = sessions.slice(0, CONNECTIONS - WRITERS);
  const writers = sessions.slice(CONNECTIONS - WRITERS);
  const run = (length: number) =>
    mixedRun(live.base, endpoint, readers, writers, investments, length);
  if (options.warmup > 0) await run(options.warmup);
  await live.idle();
  await live.loopDelayMax();
  const result = await run(runSeconds(options, alone.idleMs));
  await live.idle();
  return mixedFigures(
    { database: DATABASE_NAMES[alone.database], events: alone.events, endpoint: endpoint.name },
    alone,
    result,
    await live.loopDelayMax(),
  );
}

/** The home screen's first calls. */
const HOME: readonly Endpoint[] = [
  { name: 'valuation Forever', path: '/api/v1/user/valuation', cookie: 'selected_period=Forever' },
  { name: 'valuation Year', path: '/api/v1/user/valuation', cookie: 'selected_period=Year' },
  { name: 'Year chart', path: '/api/v1/user/chart', cookie: 'selected_period=Year' },
];
const WARM_ROUNDS = 5;
const PHASES: readonly Phase[] = ['prices read', 'price functions', 'events read', 'replay'];

/** The cold home of one database and size: the median run's figures, and every run's cold ms. */
interface ColdFigures {
  database: DatabaseKind;
  events: number;
  runs: number[];
  coldMs: number;
  warmMs: number;
  heapBytes: number;
  /** The median run's ms per phase, and the rest of the server's time (the figures, HTTP, ...). */
  phases: Record<Phase | 'rest', number>;
  /** The 1-minute load average after the median run. */
  load: number;
  /** 200, or the status of a call that answered otherwise. */
  status: number;
  /** Provider requests from each start until shortly after its cold home: must be none. */
  asked: string[];
}

/** The home's calls one after the other; NaN ms if one fails. */
async function home(session: Session): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  for (const call of HOME) {
    const answer = await session.request('GET', call.path, undefined, call.cookie);
    if (answer.status !== 200) return { ms: NaN, status: answer.status };
  }
  return { ms: performance.now() - started, status: 200 };
}

async function coldHome(
  kind: DatabaseKind,
  size: number,
  url: string,
  email: string,
  providers: ProviderCounter,
  options: Options,
): Promise<ColdFigures> {
  const runs: Omit<ColdFigures, 'runs' | 'database' | 'events'>[] = [];
  for (let run = 0; run < options.coldRuns; run++) {
    const mark = providers.count;
    const server = await Server.start(url, options.profileDir, providers.url);
    try {
      const session = await logIn(server.base, email);
      await server.phases();
      const cold = await home(session);
      const { ms, serverMs } = await server.phases();
      const heapBytes = await server.heapUsed();
      const warm: number[] = [];
      for (let i = 0; i < WARM_ROUNDS; i++) warm.push((await home(session)).ms);
      await sleep(SETTLE_MS);
      const timed = PHASES.reduce((sum, phase) => sum + (ms[phase] ?? 0), 0);
      runs.push({
        coldMs: cold.ms,
        warmMs: median(warm),
        heapBytes,
        phases: {
          'prices read': ms['prices read'] ?? 0,
          'price functions': ms['price functions'] ?? 0,
          'events read': ms['events read'] ?? 0,
          replay: ms.replay ?? 0,
          rest: serverMs - timed,
        },
        load: loadavg()[0],
        status: cold.status,
        asked: providers.since(mark),
      });
    } finally {
      await server.stop();
    }
  }
  const middle = [...runs].sort((a, b) => a.coldMs - b.coldMs)[Math.floor(runs.length / 2)];
  const failed = runs.find((r) => r.status !== 200);
  return {
    ...middle,
    database: kind,
    events: size,
    runs: runs.map((r) => r.coldMs),
    status: failed?.status ?? 200,
    asked: runs.flatMap((r) => r.asked),
  };
}

async function benchOne(
  kind: DatabaseKind,
  size: number,
  options: Options,
  postgresUrl: string | undefined,
  providers: ProviderCounter,
): Promise<{
  cold: ColdFigures;
  figures: Figures[];
  idleWrites?: IdleWriteFigures;
  mixed: MixedFigures[];
  start?: StartFigures;
  resolutionMs: number;
}> {
  const { url, cleanUp } = await freshDatabase(kind, postgresUrl);
  const name = DATABASE_NAMES[kind];
  let server: Server | undefined;
  const stopOnExit = () => server?.kill();
  process.once('exit', stopOnExit);
  try {
    const loadStarted = performance.now();
    const seeded = await seedMarket(url, Date.now(), options.listings);
    log(
      `${name} ${size}: stored prices in ${seconds(seeded.ms)} (${options.listings} listings, ` +
        `${seeded.closes} closes, ${seeded.rates} rates)`,
    );
    // The account through the API on the synthetic market: the live one would ask the providers
    // for each ISIN's listings.
    server = await Server.start(url, undefined, undefined);
    const { email, investments } = await loadAccount(server.base, url, size, seeded.listings);
    await server.stop();
    server = undefined;

    const coldFigures = await coldHome(kind, size, url, email, providers, options);
    log(`  cold home: ${coldRow(coldFigures)}`);
    if (options.coldOnly) return { cold: coldFigures, figures: [], mixed: [], resolutionMs: 0 };

    // A first live start: its first GET /investments reads and replays every event.
    let mark = providers.count;
    server = await Server.start(url, undefined, providers.url);
    const cold = await firstAnswer(server, providers, mark, email, '/api/v1/investments');
    const listed = (cold.body as { investments?: { quote?: { source?: string } }[] } | undefined)
      ?.investments;
    if (cold.status === 200 && listed?.length !== INVESTMENTS)
      throw new Error(`GET /api/v1/investments lists ${listed?.length} investments`);
    // Else the figures would be those of trade prices, not of the stored ones.
    const sources = new Set(listed?.map((investment) => investment.quote?.source));
    if (cold.status === 200 && [...sources].some((s) => s !== 'yahoo' && s !== 'coingecko'))
      throw new Error(`investments priced from ${[...sources].join(', ')}, not stored prices`);
    if (cold.status !== 200)
      log(`  the account does not replay: GET /api/v1/investments answered ${cold.status}`);
    await server.stop();

    // A second start, the one measured: its first valuation, then the runs.
    mark = providers.count;
    server = await Server.start(url, options.profileDir, providers.url);
    const live = server;
    const firstValuation = await firstAnswer(server, providers, mark, email, ENDPOINTS[0].path);
    const asked = [...cold.asked, ...firstValuation.asked];
    if (asked.length > 0)
      log(
        `  ${name} ${size}: ${asked.length} provider requests before the first answer after a ` +
          `start, where stored prices should do: ${asked.slice(0, 5).join(', ')}`,
      );
    const sessions: Session[] = [];
    for (let i = 0; i < CONNECTIONS; i++) sessions.push(await logIn(live.base, email));
    log(
      `${name} ${size}: loaded in ${seconds(performance.now() - loadStarted)}` +
        ` (server pid ${live.pid}); first GET /investments ${cold.ms.toFixed(0)} ms,` +
        ` first valuation after a start ${firstValuation.ms.toFixed(0)} ms`,
    );

    const idled = new Map<string, Single>();
    for (const endpoint of ENDPOINTS) {
      await live.loopDelayMax();
      idled.set(endpoint.name, await single(live, sessions[0], endpoint));
    }
    // A writer's rounds, one request at a time; when they fail, no run has writes.
    const singleWrites: IdleWriteFigures = {
      database: name,
      events: size,
      ...(await idleWrites(live.base, sessions[CONNECTIONS - 1], investments[0])),
    };
    log(`  single writes: ${idleWritesRow(singleWrites)}`);

    const figures: Figures[] = [];
    const mixed: MixedFigures[] = [];
    for (const endpoint of ENDPOINTS) {
      const alone = idled.get(endpoint.name) ?? { ms: NaN, status: 0, stallMs: NaN };
      if (alone.status !== 200) {
        const row: Figures = {
          database: kind,
          events: size,
          endpoint: endpoint.name,
          idleMs: NaN,
          p50: NaN,
          p99: NaN,
          rps: NaN,
          completed: 0,
          seconds: 0,
          msPer1k: NaN,
          loopMaxMs: NaN,
          idleStallMs: alone.stallMs,
          failed: 1,
          status: alone.status,
        };
        figures.push(row);
        log(`  ${tableRow(row)}`);
        continue;
      }
      if (options.warmup > 0) await cannon(live.base, endpoint, sessions, options.warmup);
      await live.idle();
      await live.loopDelayMax();
      const result = await cannon(live.base, endpoint, sessions, runSeconds(options, alone.ms));
      // The requests autocannon left running still stall the loop: wait for them.
      await live.idle();
      const loopMaxMs = await live.loopDelayMax();
      const rps = result.requests.total / result.duration;
      const row: Figures = {
        database: kind,
        events: size,
        endpoint: endpoint.name,
        idleMs: alone.ms,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps,
        completed: result.requests.total,
        seconds: result.duration,
        msPer1k: rps > 0 ? 1000 / rps / (size / 1000) : NaN,
        loopMaxMs,
        idleStallMs: alone.stallMs,
        failed: failedOf(result),
      };
      figures.push(row);
      log(`  ${tableRow(row)}`);
      // Right after the run alone, so both meet about the same load on a shared machine. The
      // writes change the account a little: the next run's warm-up replays what they changed.
      if (singleWrites.failure) continue;
      const withWrites = await benchMixed(live, endpoint, row, sessions, investments, options);
      mixed.push(withWrites);
      log(`  with writes: ${mixedRow(withWrites)}`);
    }
    await live.stop();
    const inRun = providers.since(mark);
    log(`${name} ${size}: provider calls during the run: ${inRun.length}`);
    return {
      cold: coldFigures,
      figures,
      idleWrites: singleWrites,
      mixed,
      start: {
        database: kind,
        events: size,
        seedMs: seeded.ms,
        closes: seeded.closes,
        rates: seeded.rates,
        cold: { ms: cold.ms, status: cold.status, asked: cold.asked },
        firstValuation: {
          ms: firstValuation.ms,
          status: firstValuation.status,
          asked: firstValuation.asked,
        },
        inRun,
      },
      resolutionMs: live.resolutionMs,
    };
  } finally {
    await server?.stop();
    process.off('exit', stopOnExit);
    cleanUp();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

const HEADER =
  '| database | events | request | idle ms | idle stall ms | p50 ms | p99 ms | req/s | requests | ms per 1k events | loop stall ms | failed |';
const ALIGN = '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';

function tableRow(f: Figures): string {
  const failed = f.status === undefined ? String(f.failed) : `${f.status} when idle, not loaded`;
  return `| ${DATABASE_NAMES[f.database]} | ${f.events} | ${f.endpoint} | ${fixed(f.idleMs, 1)} | ${fixed(f.idleStallMs, 0)} | ${fixed(f.p50, 0)} | ${fixed(f.p99, 0)} | ${fixed(f.rps, 1)} | ${f.seconds > 0 ? `${f.completed} in ${Math.round(f.seconds)} s` : '-'} | ${fixed(f.msPer1k, 3)} | ${fixed(f.loopMaxMs, 0)} | ${failed} |`;
}

function table(figures: readonly Figures[]): string {
  return [HEADER, ALIGN, ...figures.map(tableRow)].join('\n');
}

/** The requests made to providers before a first answer after a start. */
const askedAtStart = (start: StartFigures) => [...start.cold.asked, ...start.firstValuation.asked];

/** One line per target, per database: met or missed, with the figures that decide it. */
function targets(
  figures: readonly Figures[],
  writes: WriteFigures,
  starts: readonly StartFigures[],
  databases: readonly DatabaseKind[],
): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'missed');
  const name = (db: DatabaseKind) => DATABASE_NAMES[db];
  const where = (f: Figures) => `${f.endpoint} at ${f.events}`;
  const perDatabase = (line: (db: DatabaseKind, rows: Figures[]) => string) =>
    databases
      .map((db) =>
        line(
          db,
          figures.filter((f) => f.database === db),
        ),
      )
      .join('; ');

  const at20k = (endpoint: string, limit: number) =>
    perDatabase((db, rows) => {
      const row = rows.find((f) => f.endpoint === endpoint && f.events === 20_000);
      if (!row) return `${name(db)} not measured (20000 not in --sizes)`;
      if (row.status !== undefined) return `${name(db)} failed (${row.status}), missed`;
      return `${name(db)} ${row.p99} ms, ${verdict(row.p99 < limit)}`;
    });

  const answered = perDatabase((db, rows) => {
    const which = [
      ...rows
        .filter((f) => f.failed > 0)
        .map((f) => `${where(f)} (${f.status ?? `${f.failed} failed`})`),
      ...writes.idle
        .filter((f) => f.database === name(db) && f.failure)
        .map((f) => `single writes at ${f.events} (${f.failure})`),
      ...writes.mixed
        .filter((f) => f.database === name(db) && f.failed > 0)
        .map((f) => `${f.endpoint} at ${f.events} mixed (${f.failures.join(', ')})`),
    ];
    return which.length === 0 ? `${name(db)} met` : `${name(db)} missed: ${which.join(', ')}`;
  });

  const stalls = (stall: (f: Figures) => number) =>
    perDatabase((db, rows) => {
      const measured = rows.filter((f) => Number.isFinite(stall(f)));
      if (measured.length === 0) return `${name(db)} not measured`;
      const worst = measured.reduce((w, f) => (stall(f) > stall(w) ? f : w));
      const over = measured.filter((f) => stall(f) > 100).map(where);
      return (
        `${name(db)} longest ${fixed(stall(worst), 0)} ms (${where(worst)}), ` +
        (over.length ? `missed (over 100 ms: ${over.join(', ')})` : 'met')
      );
    });

  const linear = databases
    .flatMap((db) =>
      ENDPOINTS.map((endpoint) => {
        const rows = figures
          .filter((f) => f.database === db && f.endpoint === endpoint.name)
          .sort((a, b) => a.events - b.events);
        const label = `${name(db)} ${endpoint.name}`;
        if (rows.length < 2) return `${label}: needs two sizes`;
        const costs = rows
          .map((f) => `${f.status === undefined ? fixed(f.msPer1k, 3) : 'failed'} at ${f.events}`)
          .join(', ');
        // Per-event cost may fall (fixed costs spread out) but not rise by more than half; a
        // size that fails does not scale.
        const met = rows.every(
          (f, i) => f.status === undefined && (i === 0 || f.msPer1k <= 1.5 * rows[i - 1].msPer1k),
        );
        return `${label} ${costs}, ${verdict(met)}`;
      }),
    )
    .join('; ');

  const noProvider = perDatabase((db) => {
    const mine = starts.filter((f) => f.database === db);
    const asked = mine.filter((f) => askedAtStart(f).length > 0);
    if (asked.length === 0) return `${name(db)} met (no provider request)`;
    const which = asked.map((f) => `${f.events} (${askedAtStart(f).length})`);
    return `${name(db)} missed: provider requests at ${which.join(', ')}`;
  });

  return [
    `- every request answered 2xx (a correctness gate: the exit code is 1 otherwise): ${answered}.`,
    `- the first answers after a start come from stored prices, asking no provider (a gate: the exit code is 1 otherwise): ${noProvider}.`,
    `- valuation p99 < 50 ms at 20k events: ${at20k('valuation', 50)}.`,
    `- Year chart p99 < 100 ms at 20k events: ${at20k('Year chart', 100)}.`,
    `- no event-loop stall over 100 ms, one request at a time: ${stalls((f) => f.idleStallMs)}.`,
    `- no event-loop stall over 100 ms, under load: ${stalls((f) => f.loopMaxMs)}.`,
    `- cost about linear in events (ms per 1k events; never up by more than x1.5 from one size to the next): ${linear}.`,
  ];
}

/** Issue 37's targets for the cold home. */
function coldTargets(colds: readonly ColdFigures[], databases: readonly DatabaseKind[]): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'missed');
  const at = (events: number, line: (f: ColdFigures) => string) =>
    databases
      .map((db) => {
        const f = colds.find((c) => c.database === db && c.events === events);
        if (!f) return `${DATABASE_NAMES[db]} not measured (${events} not in --sizes)`;
        if (f.status !== 200) return `${DATABASE_NAMES[db]} failed (${f.status}), missed`;
        return `${DATABASE_NAMES[db]} ${line(f)}`;
      })
      .join('; ');
  return [
    `- cold home under 75 ms at 20k events: ${at(20_000, (f) => `${fixed(f.coldMs, 0)} ms, ${verdict(f.coldMs < 75)}`)}.`,
    `- warm home under 5 ms at 20k events: ${at(20_000, (f) => `${fixed(f.warmMs, 1)} ms, ${verdict(f.warmMs < 5)}`)}.`,
    `- cold home under 1.5 s at 200k events: ${at(200_000, (f) => `${fixed(f.coldMs, 0)} ms, ${verdict(f.coldMs < 1500)}`)}.`,
    `- heap after valuing 200k events under 200 MB: ${at(200_000, (f) => `${fixed(f.heapBytes / 2 ** 20, 0)} MB, ${verdict(f.heapBytes < 200 * 2 ** 20)}`)}.`,
  ];
}

interface Run {
  options: Options;
  databases: readonly DatabaseKind[];
  resolutionMs: number;
  wallMs: number;
  /** The machine's 1-minute load average when the run started and ended. */
  load: [number, number];
}

const COLD_HEADER =
  '| database | events | cold ms | runs ms | cold ms per 1k events | warm ms | heap MB after valuing | prices read ms | price functions ms | events read ms | replay ms | the rest ms | load average |';
const COLD_ALIGN =
  '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

function coldRow(f: ColdFigures): string {
  const cold = f.status === 200 ? fixed(f.coldMs, 0) : `${f.status}`;
  const p = f.phases;
  return `| ${DATABASE_NAMES[f.database]} | ${f.events} | ${cold} | ${f.runs.map((ms) => fixed(ms, 0)).join(', ')} | ${fixed(f.coldMs / (f.events / 1000), 2)} | ${fixed(f.warmMs, 1)} | ${fixed(f.heapBytes / 2 ** 20, 0)} | ${fixed(p['prices read'], 0)} | ${fixed(p['price functions'], 0)} | ${fixed(p['events read'], 0)} | ${fixed(p.replay, 0)} | ${fixed(p.rest, 0)} | ${f.load.toFixed(1)} |`;
}

/** The cold home's table, with what its columns mean. */
function coldSection(colds: readonly ColdFigures[], options: Options): string[] {
  return [
    `**Cold home.** Before the starts below, ${options.coldRuns} fresh server processes per size, each asked the home screen's three calls (valuation for Forever, valuation for Year, the Year chart) one after the other right after its start and a login: **cold ms** is the median run's three calls (**runs ms** every run's), **warm ms** the median of ${WARM_ROUNDS} more rounds of them, **heap MB after valuing** the server's heap in use after a garbage collection right after the cold calls. The split of the median run's cold time, from timers in the server process (\`src/contract/phases.ts\`, set only by the benchmark's child): the listings' closes, quotes and the euro rates read from the database, the price functions built from them, the investments' events read, their replay (ledger, prices at each event, timelines), and **the rest** of the server's time on the three requests (the figures of each answer, sessions, HTTP). **load average**: the machine's, right after the run.`,
    '',
    COLD_HEADER,
    COLD_ALIGN,
    ...colds.map(coldRow),
  ];
}

const STARTS_HEADER =
  '| database | events | prices stored s | first GET /investments ms | first valuation ms | provider requests before them | provider requests during the run |';
const STARTS_ALIGN = '| --- | ---: | ---: | ---: | ---: | ---: | ---: |';

function startRow(f: StartFigures): string {
  const answer = (a: FirstAnswer) => (a.status === 200 ? a.ms.toFixed(0) : `${a.status}`);
  return `| ${DATABASE_NAMES[f.database]} | ${f.events} | ${(f.seedMs / 1000).toFixed(1)} | ${answer(f.cold)} | ${answer(f.firstValuation)} | ${askedAtStart(f).length} | ${f.inRun.length} |`;
}

function section(
  colds: readonly ColdFigures[],
  figures: readonly Figures[],
  writes: WriteFigures,
  starts: readonly StartFigures[],
  loads: readonly ListingLoad[],
  run: Run,
): string {
  const { options, databases, resolutionMs } = run;
  const cpu = cpus();
  const date = new Date().toISOString().slice(0, 10);
  const days = Math.round(PRICE_YEARS * 365.25);
  return [
    '## Server',
    '',
    `\`npm run bench:server\` (\`scripts/server-bench.ts\`), ${date}, on ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; the whole run took ${seconds(run.wallMs)}, the load average was ${run.load[0].toFixed(1)} at its start and ${run.load[1].toFixed(1)} at its end.`,
    '',
    `For each database and size the server (\`startServer\`, bcrypt cost 4, logging off) runs in a child process (\`scripts/server-bench-child.ts\`); the load generator, autocannon, runs in the parent with ${CONNECTIONS} connections, each logged in as a session of its own, for ${options.duration} s per request (longer when a request is slow: about three rounds of ${CONNECTIONS} idle request times, at most ${MAX_RUN_SECONDS} s) after a ${options.warmup} s warm-up; the server finishes the requests still running before the next run. The account has ${INVESTMENTS} investments in ${PORTFOLIOS} portfolios over up to ${YEARS} years (mostly buys, sells within the holding, dividends, a 2:1 split now and then): portfolios and investments made through the API, the other events bulk-inserted. Load generator, PostgreSQL and server share the machine's cores, so expect noise.`,
    '',
    `**Prices.** The server values the account from stored real-format prices (\`MARKET_DATA=live\`; the records of this section to 2026-11-24 ran it on the synthetic market, which computes made-up prices in memory and reads none). Before each size, ${options.listings} listings are written through \`PriceStore\`, as a provider's answers are: ${options.listings - COINS} Yahoo listings in Copenhagen, New York, Xetra, Paris, London (quoted in GBp, stored in GBP), Stockholm and Oslo, in their time zones, and ${COINS} CoinGecko coins, each with ${PRICE_YEARS} years (${days} days) of daily closes (weekdays; every day for coins; a seeded random walk as decimal text), the latest session's 5-minute points and a fresh latest quote; and ${PRICE_YEARS} years of ECB euro rates of DKK, USD, SEK, NOK and GBP. The account's investments point at ${INVESTMENTS} of those listings, each of its instrument's currency. The account is made on a server with the synthetic market (the live one would ask the providers for each ISIN's listings); the measured server runs live, with all four providers' URLs at a local server that counts the requests it gets and answers 503.`,
    '',
    `- **idle ms**: median of ${IDLE_RUNS} single requests on the idle server (after one more);`,
    `- **p50 / p99 ms**: latency under load (${CONNECTIONS} requests in flight, so about ${CONNECTIONS} x the server's time per request);`,
    '- **requests**: answered within the run (the figures of a run with few are rough);',
    '- **ms per 1k events**: the server time per request (1000 / req/s) divided by thousands of events;',
    `- **idle stall ms** and **loop stall ms**: the server's longest event-loop delay (\`monitorEventLoopDelay\` in the child, ${resolutionMs} ms resolution) during the counted single requests and during the run under load; under load it adds up the synchronous work of every request handled in one turn of the loop (on SQLite the queries are synchronous too);`,
    '- **failed**: non-2xx answers, errors and timeouts (any makes the script exit 1); a request that already fails on the idle server is not put under load.',
    '',
    table(figures),
    '',
    ...coldSection(colds, options),
    '',
    `The server keeps each investment's replayed history (its timeline) and each listing's prices until they change, so the figures above are those of an account in use. The first request after a start reads and replays every event, once, and reads the held listings' closes and the rates: a first start's GET /api/v1/investments (the figure earlier records give as the first request after a bulk load) and a second start's GET /api/v1/user/valuation, each the first request after a login, are timed below. Provider requests are counted from each start until ${SETTLE_MS} ms after its first answer (a gate), and during the whole life of the measured server (reported: a scheduled refresh after an exchange's close may ask, as it should).`,
    '',
    STARTS_HEADER,
    STARTS_ALIGN,
    ...starts.map(startRow),
    '',
    `**Reads with writes** (\`scripts/server-bench-mixed.ts\`). A writer's round is to buy 1 share in an investment (with a fresh \`Idempotency-Key\`), correct that buy to 2 shares, delete it, and go on to its next investment. A write replays the investment's history outside the write lock and writes only if no other change came between; it changes the investment, whose next read (on this one server process) builds its timeline from the events the write left, replaying from the first entry that changed, with no read of the database. With the single reads, ${IDLE_WRITES_ROUNDS} rounds one request at a time on the idle server (medians, after one more round):`,
    '',
    IDLE_WRITES_HEADER,
    IDLE_WRITES_ALIGN,
    ...writes.idle.map(idleWritesRow),
    '',
    `Right after each run of the first table, the same request again on ${CONNECTIONS - WRITERS} of the ${CONNECTIONS} sessions while the other ${WRITERS} go round their writes to the same account (writer w takes investments w, w + ${WRITERS}, ...), for as long as the run alone and after a ${options.warmup} s warm-up of the same mix; the writes add a few events to the account, and the next run's warm-up replays the investments they changed. **alone** is that run alone, on all ${CONNECTIONS} connections; **reads** and **writes** count the answers within the run (a write is a buy, a correction or a deletion); **loop stall ms** and **failed** as above, with the failed answers' statuses.`,
    '',
    MIXED_HEADER,
    MIXED_ALIGN,
    ...writes.mixed.map(mixedRow),
    '',
    `**A new listing** (\`scripts/market-bench.ts\`, also \`npm run bench:market\`): ${LISTING_LOAD_TEXT}`,
    '',
    LISTING_LOAD_HEADER,
    LISTING_LOAD_ALIGN,
    ...loads.map(listingLoadRow),
    '',
    'Targets (reported, never an exit code):',
    '',
    ...targets(figures, writes, starts, databases),
    ...coldTargets(colds, databases),
    mixedTarget(
      writes.mixed,
      databases.map((db) => DATABASE_NAMES[db]),
      CONNECTIONS,
    ),
  ].join('\n');
}

async function writeSection(text: string): Promise<void> {
  const doc = readFileSync(DOC, 'utf8');
  const existing = /\n## Server\n[\s\S]*?(?=\n## |$)/;
  const updated = existing.test(doc)
    ? doc.replace(existing, () => `\n${text}\n`)
    : `${doc.trimEnd()}\n\n${text}\n`;
  const formatted = await format(updated, { ...(await resolveConfig(DOC)), filepath: DOC });
  writeFileSync(DOC, formatted);
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg()[0];
  const options = readOptions(process.argv.slice(2));
  const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
    ? process.env.DATABASE_URL
    : undefined;
  const databases = options.databases.filter((db) => db === 'sqlite' || postgresUrl);
  if (options.databases.includes('postgres') && !postgresUrl)
    log('PostgreSQL skipped: DATABASE_URL is not a postgres:// URL.');
  if (options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    log(`CPU profiles of the server go to ${options.profileDir}`);
  }

  const figures: Figures[] = [];
  const writes: WriteFigures = { idle: [], mixed: [] };
  const starts: StartFigures[] = [];
  const colds: ColdFigures[] = [];
  const loads: ListingLoad[] = [];
  let resolutionMs = 0;
  const providers = await ProviderCounter.start();
  try {
    for (const db of databases) {
      for (const size of options.sizes) {
        const one = await benchOne(db, size, options, postgresUrl, providers);
        colds.push(one.cold);
        figures.push(...one.figures);
        if (one.idleWrites) writes.idle.push(one.idleWrites);
        writes.mixed.push(...one.mixed);
        if (one.start) starts.push(one.start);
        resolutionMs = one.resolutionMs || resolutionMs;
      }
      if (options.coldOnly) continue;
      const load = await benchListingLoad(db, postgresUrl);
      log(`${DATABASE_NAMES[db]}: a new listing: ${listingLoadRow(load)}`);
      loads.push(load);
    }
  } finally {
    await providers.close();
  }

  const text = options.coldOnly
    ? coldSection(colds, options).join('\n')
    : section(colds, figures, writes, starts, loads, {
        options,
        databases,
        resolutionMs,
        wallMs: performance.now() - started,
        load: [loadBefore, loadavg()[0]],
      });
  console.log(text);
  if (options.write) {
    await writeSection(text);
    log(`wrote the "## Server" section of ${DOC}`);
  }
  const failed = [
    ...colds
      .filter((f) => f.status !== 200)
      .map((f) => `${DATABASE_NAMES[f.database]} ${f.events} cold home (${f.status})`),
    ...figures
      .filter((f) => f.failed > 0)
      .map((f) => `${DATABASE_NAMES[f.database]} ${f.events} ${f.endpoint}`),
    ...writes.idle
      .filter((f) => f.failure)
      .map((f) => `${f.database} ${f.events} single writes (${f.failure})`),
    ...writes.mixed
      .filter((f) => f.failed > 0)
      .map((f) => `${f.database} ${f.events} ${f.endpoint} mixed (${f.failures.join(', ')})`),
  ];
  if (failed.length > 0) {
    log(`failed requests in: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
  for (const f of starts)
    log(
      `${DATABASE_NAMES[f.database]} ${f.events}: provider calls during the run: ${f.inRun.length}`,
    );
  for (const f of colds.filter((c) => c.asked.length > 0))
    log(
      `${DATABASE_NAMES[f.database]} ${f.events}: the cold home asked a provider ` +
        `${f.asked.length} times: ${f.asked.slice(0, 10).join(', ')}`,
    );
  const asked = starts.filter((f) => askedAtStart(f).length > 0);
  if (colds.some((c) => c.asked.length > 0)) process.exitCode = 1;
  for (const f of asked)
    log(
      `${DATABASE_NAMES[f.database]} ${f.events}: the first answers after a start asked a provider` +
        ` ${askedAtStart(f).length} times, where stored prices should do: ` +
        askedAtStart(f).slice(0, 10).join(', '),
    );
  if (asked.length > 0) process.exitCode = 1;
}

await main();
