// How long a new listing's first load takes: `held()` of the live market fetching 8 years of daily
// closes from Yahoo (the offline fake of tests/fake-market, over real HTTP), unadjusting them and
// storing them, then the first `snapshot()` of an investment on it reading them into memory. Run
// by `npm run bench:server` for each of its databases (scripts/server-bench/main.ts imports it), or
// alone: `npm run bench:market` (SQLite, and PostgreSQL when DATABASE_URL names one).
//
// The fake answers from a cache once it has computed a symbol's bars, so it is asked once before
// the timings: they are this server's work (HTTP client, parsing, unadjusting, SQL), not the fake's.
// The ECB's rates are loaded first (`refresh()`), so the listing's load does not wait on them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { InvestmentRow } from '../src/contract/store';
import { addDays, utcDay } from '../src/market/zoned-time';
import { DEFAULT_MARKET } from '../src/server/config';
import { liveMarket } from '../src/server/market/live-market';
import { realProviders } from '../src/server/market/providers';
import { openDatabase } from '../src/server/sql/connect';
import { priceStore } from '../src/server/sql/market';
import { startFakeMarket } from '../tests/fake-market/server';

export type MarketBenchDatabase = 'sqlite' | 'postgres';

const SYMBOL = 'NOVO-B.CO';
const LISTING = `yahoo:${SYMBOL}`;
const ISIN = 'DK0062498333';
const YEARS = 8;
/** The PostgreSQL schema this bench makes and drops; the server bench's is `public`. */
const SCHEMA = 'formue_market_bench';

export interface ListingLoad {
  database: MarketBenchDatabase;
  /** The ECB's whole history, as a first start loads it. */
  ratesMs: number;
  /** Rates stored: every currency and day of that history. */
  rates: number;
  /** Yahoo's 8-year answer fetched and parsed, nothing stored. */
  fetchMs: number;
  /** held(): fetch, unadjust, store the closes, fetch and store the latest quote. */
  loadMs: number;
  closes: number;
  /** The first snapshot of all: the rates read into memory. */
  ratesSnapshotMs: number;
  /** The first snapshot of an investment on the listing: its closes read into memory. */
  firstSnapshotMs: number;
  /** The next one, from memory (the version has not moved). */
  nextSnapshotMs: number;
}

async function freshDatabase(
  kind: MarketBenchDatabase,
  postgresUrl: string | undefined,
): Promise<{ url: string; cleanUp: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'formue-market-bench-'));
    return {
      url: `sqlite:${join(dir, 'market.sqlite')}`,
      cleanUp: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  if (!postgresUrl) throw new Error('no PostgreSQL URL');
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
  const scoped = new URL(postgresUrl);
  scoped.searchParams.set('options', `-c search_path=${SCHEMA}`);
  return { url: scoped.toString(), cleanUp: () => run(`drop schema if exists ${SCHEMA} cascade`) };
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

export async function benchListingLoad(
  kind: MarketBenchDatabase,
  postgresUrl: string | undefined,
): Promise<ListingLoad> {
  const today = utcDay(Date.now());
  // The fake's clock: 22:00 UTC, after every close of the day; the market runs on the same.
  const now = Date.parse(`${today}T22:00:00Z`);
  const clock = () => now;
  const since = addDays(today, -Math.round(YEARS * 365.25));
  const fake = await startFakeMarket({ today });
  const { url, cleanUp } = await freshDatabase(kind, postgresUrl);
  const database = await openDatabase(url);
  const providers = realProviders(
    {
      ...DEFAULT_MARKET,
      yahooUrl: fake.url,
      ecbUrl: fake.url,
      openFigiUrl: fake.url,
      coinGeckoUrl: fake.url,
    },
    clock,
  );
  const prices = priceStore(database.db, database.dialect);
  const market = liveMarket({
    prices,
    providers,
    now: clock,
    // Wait for the whole load: the 8 s a request waits would cut the timing short.
    firstLoadWaitMs: 10 * 60_000,
  });
  try {
    const [, ratesMs] = await timed(() => market.refresh());
    const counted = await database.db
      .selectFrom('fx_rates')
      .select((eb) => eb.fn.countAll<number>().as('rates'))
      .executeTakeFirst();
    const rates = Number(counted?.rates ?? 0);
    if (rates === 0) throw new Error('the ECB rates were not loaded');

    const yahoo = providers.quotes.yahoo;
    await yahoo.history(SYMBOL, since, today);
    const [, fetchMs] = await timed(() => yahoo.history(SYMBOL, since, today));

    const [, loadMs] = await timed(async () => {
      await market.held(LISTING, since);
      await market.settled();
    });
    const closes = (await prices.closes(LISTING)).length;
    if (closes === 0) throw new Error(`no closes stored for ${LISTING}`);

    const investment: InvestmentRow = {
      id: 1,
      userId: 1,
      portfolioId: 1,
      name: 'Novo Nordisk B',
      type: 'stock',
      code: ISIN,
      listing: LISTING,
      version: 1,
    };
    // An investment without a listing first: it reads the rates, so the next reads only closes.
    const [, ratesSnapshotMs] = await timed(async () => {
      const snapshot = await market.snapshot([{ ...investment, id: 2, listing: null }]);
      if (!Number.isFinite(snapshot.rate('USD', now))) throw new Error('no USD rate');
    });
    const price = async () => {
      const snapshot = await market.snapshot([investment]);
      const value = snapshot.provider(investment)?.price(now);
      if (value === undefined || !Number.isFinite(value))
        throw new Error(`no price for ${LISTING} from the snapshot`);
    };
    const [, firstSnapshotMs] = await timed(price);
    const [, nextSnapshotMs] = await timed(price);
    return {
      database: kind,
      ratesMs,
      rates,
      fetchMs,
      loadMs,
      closes,
      ratesSnapshotMs,
      firstSnapshotMs,
      nextSnapshotMs,
    };
  } finally {
    market.stop();
    await market.settled();
    await database.close();
    await fake.close();
    await cleanUp();
  }
}

export const LISTING_LOAD_HEADER =
  '| database | ECB history stored ms (rates stored) | rates into memory ms | Yahoo answer fetched and parsed ms | held(): loaded and stored ms | closes stored | closes into memory ms | next snapshot ms |';
export const LISTING_LOAD_ALIGN = '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

export function listingLoadRow(load: ListingLoad): string {
  const name = load.database === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const ms = (value: number) => value.toFixed(0);
  return `| ${name} | ${ms(load.ratesMs)} (${load.rates}) | ${ms(load.ratesSnapshotMs)} | ${ms(load.fetchMs)} | ${ms(load.loadMs)} | ${load.closes} | ${load.firstSnapshotMs.toFixed(1)} | ${load.nextSnapshotMs.toFixed(1)} |`;
}

export const LISTING_LOAD_TEXT = `\`held('${LISTING}', <${YEARS} years ago>)\` of the live market, its providers pointed at the offline fake (\`tests/fake-market\`, real HTTP on the loopback, asked once before so its own work is not counted): Yahoo's ${YEARS}-year answer fetched and parsed, the closes unadjusted and stored, the latest quote fetched and stored. The ECB's whole history is stored first, as a first start does, and read into memory by a snapshot of an investment without a listing; then the first \`snapshot()\` of an investment on the new listing reads its closes into memory, and the next answers from memory.`;

async function main(): Promise<void> {
  const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
    ? process.env.DATABASE_URL
    : undefined;
  const rows: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    if (kind === 'postgres' && !postgresUrl) continue;
    rows.push(listingLoadRow(await benchListingLoad(kind, postgresUrl)));
  }
  console.log(
    [
      `A new listing: ${LISTING_LOAD_TEXT}`,
      '',
      LISTING_LOAD_HEADER,
      LISTING_LOAD_ALIGN,
      ...rows,
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
