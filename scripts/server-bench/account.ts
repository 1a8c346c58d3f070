// The synthetic account: its investments planned from the catalogue, made through the store (as
// the API's register, portfolio and investment calls make them), and the rest of their events
// inserted in bulk.
import { sql } from 'kysely';
import { toEntry } from '../../src/contract/figures';
import { SHARES_ONLY } from '../../src/contract/market/pricing';
import type { EventFacts } from '../../src/contract/store';
import { applyEntry, EMPTY_HOLDING, type Holding } from '../../src/domain/ledger';
import {
  assetClassOf,
  CATALOGUE,
  priceAt,
  rateToDkk,
  seededRandom,
  type Instrument,
} from '../../src/domain/market';
import { bcryptHasher } from '../../src/server/passwords';
import { openDatabase } from '../../src/server/sql/connect';
import { SqlStore } from '../../src/server/sql/sql-store';
import { quietConfig } from '../../tests/server/quiet-server';
import { toEventColumns } from '../../src/server/sql/store/event-rows';
import type { WriteTarget } from './mixed';
import { DAY, INSERT_CHUNK, INVESTMENTS, PASSWORD, PORTFOLIOS, YEAR, YEARS } from './settings';
import type { SeededListing } from './market';

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
  years: number,
): PlannedInvestment {
  const instrument = CATALOGUE[index % CATALOGUE.length];
  const currency = instrument.currency;
  const start = Math.round(now - years * YEAR * (0.35 + 0.65 * random()));
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

function planAccount(size: number, now: number, years: number): PlannedInvestment[] {
  const random = seededRandom(size);
  return Array.from({ length: INVESTMENTS }, (_, i) =>
    planInvestment(
      i,
      Math.floor(size / INVESTMENTS) + (i < size % INVESTMENTS ? 1 : 0),
      now,
      random,
      years,
    ),
  );
}

/**
 * Makes the owner (its password hashed at the benchmark server's bcrypt cost), its portfolios and
 * its investments (each with its first buy) through the store, as the API's calls do, then
 * bulk-inserts the rest in time order, so each investment's ids and times both increase, and
 * points each investment at a stored listing. Returns the owner's email, the portfolios' ids, and
 * the investments' ids and currencies. Until 2026-11-30 the owner, portfolios and investments
 * were made through the API, on a server started for it, and their first buys dated back after:
 * the same rows, without that server's start (docs/benchmarks.md, CI, ci9).
 */
export async function loadAccount(
  url: string,
  size: number,
  listings: readonly SeededListing[],
  /** The oldest investment starts this many years back. */
  years = YEARS,
): Promise<{ email: string; investments: WriteTarget[]; portfolios: number[] }> {
  const email = `bench-${size}@example.com`;
  const plan = planAccount(size, Date.now(), years);
  const listingKeys = listingsFor(plan, listings);
  // A second connection to the server's database: the server's own handle stays its own.
  const database = await openDatabase(url);
  try {
    const store = new SqlStore(database.db, database.dialect);
    const owner = await store.createUser({
      name: 'Bench',
      email,
      passwordHash: await bcryptHasher(quietConfig(url).bcryptRounds).hash(PASSWORD),
    });
    const portfolioIds: number[] = [];
    for (let p = 0; p < PORTFOLIOS; p++)
      portfolioIds.push((await store.createPortfolio({ userId: owner.id, name: `P${p + 1}` })).id);
    const investmentIds: number[] = [];
    for (const planned of plan) {
      const [first] = planned.events;
      if (first?.kind !== 'buy') throw new Error('the first planned event is not a buy');
      const created = await store.createInvestment(
        {
          userId: owner.id,
          portfolioId: portfolioIds[planned.portfolio],
          name: planned.instrument.name,
          type: planned.instrument.type,
          code: planned.instrument.code,
        },
        first,
      );
      investmentIds.push(created.id);
    }
    const rest = plan
      .flatMap((planned, i) =>
        planned.events
          .slice(1)
          .map((event) => toEventColumns({ ...event, investmentId: investmentIds[i] })),
      )
      .sort((a, b) => a.time - b.time);
    await database.db.transaction().execute(async (db) => {
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
    return {
      email,
      portfolios: portfolioIds,
      investments: plan.map(({ instrument }, i) => ({
        id: investmentIds[i],
        currency: instrument.currency,
      })),
    };
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
