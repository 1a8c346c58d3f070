// What every request reads of its user and changes only with a write (issue 38): the portfolios,
// the investments and the benchmark, kept in memory under the user's version (migration 0017),
// which the request reads with its session in one query. Never trusted alone: another process
// may have written, so a kept copy is used only at the version the database has just said.
import type { Kysely } from 'kysely';
import type { BenchmarkRow, InvestmentRow, PortfolioRow, Store } from '../../contract/store';
import { CompiledOnce } from './compiled-once';
import { marketClockOf, type MarketClock } from './market/clock';
import { inOneTurn } from './one-turn';
import type { Database } from './schema';
import { sessionWithUser } from './store/users';

interface Kept {
  portfolios: readonly PortfolioRow[];
  investments: readonly InvestmentRow[];
  /** Its `row` undefined: the user has chosen none. */
  benchmark: { row: BenchmarkRow | undefined };
}

type SessionWithUser = Awaited<ReturnType<typeof sessionWithUser>>;

interface KeptUser {
  version: number;
  rows: Partial<Kept>;
}

/** Users kept, the least recently kept going first: a few kilobytes each. */
const USERS_KEPT = 1_000;

/**
 * The store's methods that neither write the kept rows nor the user's: a request that called
 * any other (a write, a transaction, a claimed store) reads the database from then on.
 */
const LEAVES_KEPT = new Set<string>([
  'userByEmail',
  'investmentVersion',
  'events',
  'investmentEvents',
  'event',
  'externalIds',
  'cashEvents',
  'imports',
  'importEvents',
  'manualPrices',
  'dismissedActions',
  'taxClasses',
  'taxSettings',
  'replayCheckpoints',
  'keepReplayCheckpoint',
  'attempts',
  'saveSession',
  'deleteSession',
  'pruneSessions',
  'saveRememberToken',
  'useRememberToken',
  'deleteRememberToken',
  'pruneRememberTokens',
]);

export class KeptReads {
  private readonly users = new Map<number, KeptUser>();
  /**
   * Reads in flight by user, version and rows: the home's calls arrive together, and each read
   * the same rows at the same version before any had kept them (issue 37).
   */
  private readonly reading = new Map<string, Promise<unknown>>();
  private readonly queries: CompiledOnce<Database>;
  /** The market's clock, read with the session: the market's states kept under it (0020). */
  private readonly market: MarketClock;
  /**
   * The session with its user: requests arriving in the same turn of the event loop (a page's
   * calls, sent at once) share one read of each id (issue 37), never one sent before they
   * arrived, so whatever another process committed by then is in their answer.
   */
  private readonly sessionWithUser = inOneTurn((ids: readonly string[]) => {
    const reads = new Map<string, Promise<SessionWithUser>>();
    return Promise.all(
      ids.map((id) => {
        const read = reads.get(id) ?? sessionWithUser(this.queries, this.db, id);
        reads.set(id, read);
        return read;
      }),
    );
  });

  constructor(private readonly db: Kysely<Database>) {
    this.queries = new CompiledOnce(db);
    this.market = marketClockOf(db);
  }

  /** `store` for one request: its session read with the user's version, then kept rows. */
  forRequest(store: Store): Store {
    let asOf: { userId: number; version: number } | undefined;
    let user: SessionWithUser;
    let wrote = false;

    /** The user's kept rows of `key`, else read and kept under the version the request read. */
    const keptOr = async <K extends keyof Kept>(
      userId: number,
      key: K,
      read: () => Promise<Kept[K]>,
    ): Promise<Kept[K]> => {
      const known = !wrote && asOf?.userId === userId ? asOf : undefined;
      const kept = known && this.users.get(userId);
      const value = kept && kept.version === known.version ? kept.rows[key] : undefined;
      if (value !== undefined) return value;
      if (!known) return read();
      const shared = `${userId}:${known.version}:${key}`;
      const inFlight = this.reading.get(shared) as Promise<Kept[K]> | undefined;
      if (inFlight) return inFlight;
      const reading = read().then((fresh) => {
        if (!wrote) this.keep(userId, known.version, key, fresh);
        return fresh;
      });
      this.reading.set(shared, reading);
      const done = () => {
        if (this.reading.get(shared) === reading) this.reading.delete(shared);
      };
      reading.then(done, done);
      return reading;
    };

    const reads: Partial<Store> = {
      session: async (id) => {
        user = await this.sessionWithUser(id);
        if (user) this.market.observe(user.marketClock);
        asOf =
          user?.user && user.version !== undefined
            ? { userId: user.user.id, version: user.version }
            : undefined;
        return user?.session;
      },
      userById: (id) =>
        !wrote && user?.user?.id === id ? Promise.resolve(user.user) : store.userById(id),
      portfolios: async (userId) => [
        ...(await keptOr(userId, 'portfolios', () => store.portfolios(userId))),
      ],
      investments: async (userId) => [
        ...(await keptOr(userId, 'investments', () => store.investments(userId))),
      ],
      benchmark: async (userId) =>
        (await keptOr(userId, 'benchmark', async () => ({ row: await store.benchmark(userId) })))
          .row,
    };

    return new Proxy(store, {
      get(target, property, receiver) {
        const own = typeof property === 'string' ? reads[property as keyof Store] : undefined;
        if (own) return own;
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          if (typeof property !== 'string' || !LEAVES_KEPT.has(property)) wrote = true;
          return method.apply(target, args);
        };
      },
    });
  }

  /** Keeps `value` at `version`, unless a later version is kept already. */
  private keep<K extends keyof Kept>(
    userId: number,
    version: number,
    key: K,
    value: Kept[K],
  ): void {
    const kept = this.users.get(userId);
    if (kept && kept.version > version) return;
    const next: KeptUser = kept?.version === version ? kept : { version, rows: {} };
    next.rows[key] = value;
    this.users.delete(userId);
    this.users.set(userId, next);
    if (this.users.size > USERS_KEPT) this.users.delete(this.users.keys().next().value ?? userId);
  }
}
