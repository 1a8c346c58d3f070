// @vitest-environment node
// The SQL store against SQLite in memory, and against PostgreSQL when DATABASE_URL names one:
// every port method, the in-memory store's answers for the same calls, locking and atomicity.
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type {
  EventFacts,
  EventRow,
  InvestmentRow,
  PortfolioRow,
  UserRow,
} from '../../src/contract/store';
import { MemoryStore } from '../../src/mock-server/memory-store';
import { emptyTables } from '../../src/mock-server/memory/tables';
import { openDatabase } from '../../src/server/sql/connect';
import type { OpenedDatabase } from '../../src/server/sql/connect';
import { migrateToLatest } from '../../src/server/sql/migrate';
import type { Database } from '../../src/server/sql/schema';
import { SqlStore } from '../../src/server/sql/sql-store';
import { STOCK, T0, buy, script } from './store-script';

const PG_URL = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;

const backends = [
  { name: 'SQLite', url: 'sqlite::memory:' },
  { name: 'PostgreSQL', url: PG_URL },
];

let schemaCount = 0;
const RUN = `${process.pid}_${Date.now()}`;

/** A new empty database: SQLite in memory, or a schema of its own on PostgreSQL. */
async function freshDatabase(url: string): Promise<OpenedDatabase> {
  if (url.startsWith('sqlite:')) return openDatabase(url);
  const schema = `formue_test_${RUN}_${schemaCount++}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = admin.escapeIdentifier(schema);
  await admin.query(`create schema ${name}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  try {
    const opened = await openDatabase(scoped.toString());
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await admin.query(`drop schema ${name} cascade`);
        await admin.end();
      },
    };
  } catch (error) {
    await admin.query(`drop schema ${name} cascade`);
    await admin.end();
    throw error;
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('SqlStore on $name', ({ url }) => {
  const it = test.skipIf(url === undefined);
  let opened: OpenedDatabase | undefined;
  let store: SqlStore;

  beforeEach(async () => {
    if (url === undefined) return;
    opened = await freshDatabase(url);
    store = new SqlStore(opened.db, opened.dialect);
  });

  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  async function owner(email = 'ann@example.com') {
    const user = await store.createUser({ name: 'Ann', email, passwordHash: 'hash' });
    const portfolio = await store.createPortfolio({ userId: user.id, name: 'Pension' });
    return { user, portfolio };
  }

  it('creates, finds and updates users; e-mail is case-insensitive and unique', async () => {
    const ann = await store.createUser({
      name: 'Ann',
      email: 'Ann@Example.com',
      passwordHash: 'h1',
    });
    expect(ann).toEqual({ id: ann.id, name: 'Ann', email: 'ann@example.com', passwordHash: 'h1' });
    expect(await store.userById(ann.id)).toEqual(ann);
    expect(await store.userByEmail('ANN@example.COM')).toEqual(ann);
    expect(await store.userById(ann.id + 1000)).toBeUndefined();
    expect(await store.userByEmail('bob@example.com')).toBeUndefined();

    await expect(
      store.createUser({ name: 'Other', email: 'ann@EXAMPLE.com', passwordHash: 'h' }),
    ).rejects.toThrow();

    const updated: UserRow = {
      ...ann,
      name: 'Anne',
      email: 'anne@example.com',
      passwordHash: 'h2',
    };
    await store.updateUser(updated);
    expect(await store.userById(ann.id)).toEqual(updated);
    expect(await store.userByEmail('ann@example.com')).toBeUndefined();
    expect(await store.userByEmail('Anne@example.com')).toEqual(updated);
  });

  it('keeps portfolios per user in the order they were created', async () => {
    const { user, portfolio } = await owner();
    const second = await store.createPortfolio({ userId: user.id, name: 'Savings' });
    const other = await owner('bob@example.com');
    expect(second).toEqual({ id: second.id, userId: user.id, name: 'Savings', kind: 'free' });

    await store.renamePortfolio(portfolio.id, 'Retirement');
    await store.renamePortfolio(999_999, 'Nobody');
    expect(await store.portfolios(user.id)).toEqual<PortfolioRow[]>([
      { ...portfolio, name: 'Retirement' },
      second,
    ]);
    expect(await store.portfolios(other.user.id)).toEqual([other.portfolio]);
    expect(await store.portfolios(999_999)).toEqual([]);
  });

  it('creates investments with their first event and renames them', async () => {
    const { user, portfolio } = await owner();
    const other = await owner('bob@example.com');
    const first = buy(T0, 0.1 + 0.2, 1 / 3, 0);
    const investment = await store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Novo', ...STOCK },
      first,
    );
    expect(investment).toEqual<InvestmentRow>({
      id: investment.id,
      userId: user.id,
      portfolioId: portfolio.id,
      name: 'Novo',
      ...STOCK,
      listing: null,
      version: investment.version,
    });
    const events = await store.events([investment.id]);
    expect(events).toEqual([{ ...first, id: events[0]?.id, investmentId: investment.id }]);

    const coin = await store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Bitcoin', type: 'crypto', code: 'BTC' },
      buy(T0, 0.5),
    );
    await store.renameInvestment(investment.id, 'Novo Nordisk');
    await store.renameInvestment(999_999, 'Nothing');
    expect(await store.investments(user.id)).toEqual([
      { ...investment, name: 'Novo Nordisk' },
      coin,
    ]);
    expect(await store.investments(other.user.id)).toEqual([]);
  });

  it('adds events of every kind and reads them back in entry order', async () => {
    const { user, portfolio } = await owner();
    const made = (name: string) =>
      store.createInvestment(
        { userId: user.id, portfolioId: portfolio.id, name, ...STOCK },
        buy(T0, 10),
      );
    const a = await made('A');
    const b = await made('B');
    const [firstA, firstB] = await store.events([a.id, b.id]);
    const added: EventRow[] = [
      await store.addEvent({ ...buy(T0 + 2, 1.25, 99.95, 0.5), kind: 'sell', investmentId: a.id }),
      await store.addEvent({
        kind: 'dividend',
        investmentId: b.id,
        time: T0 + 1,
        currency: 'USD',
        amount: 12.34,
      }),
      await store.addEvent({
        kind: 'split',
        investmentId: a.id,
        time: T0 + 3,
        currency: 'DKK',
        sharesAfter: 26.25,
        fee: 0,
        soldShares: 0.25,
        soldPrice: 40.1,
        hide: true,
        fromShares: 8.75,
      }),
      await store.addEvent({
        kind: 'split',
        investmentId: b.id,
        time: T0 + 4,
        currency: 'EUR',
        sharesAfter: 5,
        fee: 1,
        soldShares: 0,
        soldPrice: 0,
        hide: false,
        fromShares: 10,
      }),
    ];
    // Entry order (id), not time order, across both investments.
    expect(await store.events([b.id, a.id])).toEqual([firstA, firstB, ...added]);
    expect(await store.events([a.id])).toEqual([firstA, added[0], added[2]]);
    expect(await store.events([b.id, b.id])).toEqual([firstB, added[1], added[3]]);
    expect(await store.events([999_999])).toEqual([]);
    expect(await store.events([])).toEqual([]);
  });

  it("raises an investment's version with every change to its events, and only then", async () => {
    const { user, portfolio } = await owner();
    const make = (name: string) =>
      store.createInvestment(
        { userId: user.id, portfolioId: portfolio.id, name, ...STOCK },
        buy(T0, 10),
      );
    const [novo, other] = [await make('Novo'), await make('Other')];
    const versions = async () =>
      new Map((await store.investments(user.id)).map((i) => [i.id, i.version]));
    const seen = [(await versions()).get(novo.id)];
    const changed = async () => {
      const now = await versions();
      expect(seen).not.toContain(now.get(novo.id));
      expect(now.get(other.id)).toBe(other.version);
      seen.push(now.get(novo.id));
    };

    const added = await store.addEvent({ ...buy(T0 + 1, 2), investmentId: novo.id });
    await changed();
    await store.updateEvent({ ...added, time: T0 + 2 });
    await changed();
    await store.deleteEvent(added.id);
    await changed();
    await store.renameInvestment(novo.id, 'Novo Nordisk');
    expect((await versions()).get(novo.id)).toBe(seen.at(-1));
    // The database raises it, whoever writes the events.
    const db = opened?.db as Kysely<Database>;
    await db.updateTable('events').set({ fee: 1 }).where('investment_id', '=', novo.id).execute();
    await changed();
  });

  it('reads events of more investments than fit in one id list', async () => {
    const { user, portfolio } = await owner();
    const made: InvestmentRow[] = [];
    for (const name of ['A', 'B', 'C']) {
      made.push(
        await store.createInvestment(
          { userId: user.id, portfolioId: portfolio.id, name, ...STOCK },
          buy(T0, 1),
        ),
      );
    }
    const [a, b, c] = made.map((i) => i.id) as [number, number, number];
    await store.addEvent({ ...buy(T0 + 1, 2), investmentId: a });
    await store.addEvent({ ...buy(T0 + 1, 3), investmentId: c });
    const unknown = (from: number) => Array.from({ length: 700 }, (_, k) => -(from + k));
    // c, a and b land in different chunks of the query; the answer is still in entry order.
    const ids = [c, ...unknown(1), a, ...unknown(1000), b];
    const all = await store.events([a, b, c]);
    expect(all).toHaveLength(5);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((x, y) => x - y));
    expect(await store.events(ids)).toEqual(all);
  });

  it('upserts, finds, prunes and deletes sessions', async () => {
    const { user } = await owner();
    expect(await store.session('nope')).toBeUndefined();
    await store.saveSession({ id: 's1', token: 't1', userId: null, lastSeen: T0 });
    await store.saveSession({ id: 's2', token: 't2', userId: user.id, lastSeen: T0 + 10 });
    expect(await store.session('s1')).toEqual({
      id: 's1',
      token: 't1',
      userId: null,
      lastSeen: T0,
    });

    await store.saveSession({ id: 's1', token: 't1b', userId: user.id, lastSeen: T0 + 5 });
    expect(await store.session('s1')).toEqual({
      id: 's1',
      token: 't1b',
      userId: user.id,
      lastSeen: T0 + 5,
    });
    await store.saveSession({ id: 's1', token: 't1c', userId: null, lastSeen: T0 + 5 });
    expect((await store.session('s1'))?.userId).toBeNull();

    // Last seen exactly at `before` stays.
    await store.pruneSessions(T0 + 10);
    expect(await store.session('s1')).toBeUndefined();
    expect(await store.session('s2')).toEqual({
      id: 's2',
      token: 't2',
      userId: user.id,
      lastSeen: T0 + 10,
    });

    await store.deleteSession('s2');
    await store.deleteSession('never');
    expect(await store.session('s2')).toBeUndefined();
  });

  it('counts login attempts in windows, and clears them', async () => {
    expect(await store.attempts('login|ann|1.2.3.4')).toBeUndefined();
    expect(await store.hitAttempt('login|ann|1.2.3.4', T0, 60_000)).toEqual({
      count: 1,
      resetAt: T0 + 60_000,
    });
    expect(await store.hitAttempt('login|ann|1.2.3.4', T0 + 10, 60_000)).toEqual({
      count: 2,
      resetAt: T0 + 60_000,
    });
    await store.hitAttempt('login|bob|1.2.3.4', T0, 60_000);
    // The window has ended: a new one starts.
    expect(await store.hitAttempt('login|ann|1.2.3.4', T0 + 60_000, 60_000)).toEqual({
      count: 1,
      resetAt: T0 + 120_000,
    });
    await store.clearAttempts('login|ann|1.2.3.4');
    await store.clearAttempts('never');
    expect(await store.attempts('login|ann|1.2.3.4')).toBeUndefined();
    expect(await store.attempts('login|bob|1.2.3.4')).toEqual({ count: 1, resetAt: T0 + 60_000 });
  });

  it('counts parallel attempts each, none lost', async () => {
    const hits = await Promise.all(
      Array.from({ length: 40 }, () => store.hitAttempt('login|eve|1.2.3.4', T0, 60_000)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('creates an investment with its first event or not at all', async () => {
    const { user, portfolio } = await owner();
    // A buy without shares: the events check constraint refuses it, after the investment row.
    const broken = {
      kind: 'buy',
      time: T0,
      currency: 'DKK',
      price: 1,
      fee: 0,
    } as unknown as EventFacts;
    await expect(
      store.createInvestment(
        { userId: user.id, portfolioId: portfolio.id, name: 'Half', ...STOCK },
        broken,
      ),
    ).rejects.toThrow();
    expect(await store.investments(user.id)).toEqual([]);
  });

  it('runs exclusive work one call after the other', async () => {
    const { user, portfolio } = await owner();
    const investment = await store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Novo', ...STOCK },
      buy(T0, 1),
    );
    const step = (shares: number) =>
      store.exclusive(investment.id, async (tx) => {
        const seen = await tx.events([investment.id]);
        await sleep(50); // long enough for the other call to interleave if it could
        await tx.addEvent({ ...buy(T0 + seen.length, shares), investmentId: investment.id });
        return seen.length;
      });
    expect(await Promise.all([step(2), step(3)])).toEqual([1, 2]);
    const events = await store.events([investment.id]);
    expect(events.map((e) => e.kind === 'buy' && e.shares)).toEqual([1, 2, 3]);
  });

  it('rolls exclusive work back when it throws, and nests without a second transaction', async () => {
    const { user, portfolio } = await owner();
    const investment = await store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Novo', ...STOCK },
      buy(T0, 1),
    );
    const draft = { ...buy(T0 + 1, 2), investmentId: investment.id };
    await expect(
      store.exclusive(investment.id, async (tx) => {
        await tx.addEvent(draft);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await store.events([investment.id])).toHaveLength(1);

    const nested = await store.exclusive(investment.id, (tx) =>
      tx.exclusive(investment.id, async (inner) => {
        await inner.addEvent(draft);
        return (await inner.events([investment.id])).length;
      }),
    );
    expect(nested).toBe(2);
    expect(await store.events([investment.id])).toHaveLength(2);
  });

  it('migrates only once', async () => {
    const db = opened?.db as Kysely<Database>;
    const dialect = opened?.dialect ?? 'sqlite';
    const { user } = await owner();
    expect(await migrateToLatest(db, dialect)).toEqual([]);
    expect(await migrateToLatest(db, dialect)).toEqual([]);
    expect(await store.userById(user.id)).toEqual(user);
  });

  it('answers as the in-memory store does for the same calls', async () => {
    const memory = await script(new MemoryStore(emptyTables()));
    expect(await script(store)).toEqual(memory);
  });
});
