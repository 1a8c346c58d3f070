// The SQL store's ledger (portfolios, investments, events and their versions) on SQLite in memory
// and on PostgreSQL when DATABASE_URL names one, and the in-memory store's answers for the same
// calls.
import type { Kysely } from 'kysely';
import { describe, expect } from 'vitest';
import type {
  EventFacts,
  EventRow,
  InvestmentRow,
  PortfolioRow,
} from '../../../src/contract/store';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import type { Database } from '../../../src/server/sql/schema';
import { backends, sqlStoreEachTest } from './sql-store-setup';
import { STOCK, T0, buy, script } from './store-script';

describe.each(backends)('SqlStore on $name: the ledger', ({ url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it('keeps portfolios per user in the order they were created', async () => {
    const { user, portfolio } = await sql.owner();
    const second = await sql.store.createPortfolio({ userId: user.id, name: 'Savings' });
    const other = await sql.owner('bob@example.com');
    expect(second).toEqual({ id: second.id, userId: user.id, name: 'Savings', kind: 'free' });

    await sql.store.renamePortfolio(portfolio.id, 'Retirement');
    await sql.store.renamePortfolio(999_999, 'Nobody');
    expect(await sql.store.portfolios(user.id)).toEqual<PortfolioRow[]>([
      { ...portfolio, name: 'Retirement' },
      second,
    ]);
    expect(await sql.store.portfolios(other.user.id)).toEqual([other.portfolio]);
    expect(await sql.store.portfolios(999_999)).toEqual([]);
  });

  it('creates investments with their first event and renames them', async () => {
    const { user, portfolio } = await sql.owner();
    const other = await sql.owner('bob@example.com');
    const first = buy(T0, 0.1 + 0.2, 1 / 3, 0);
    const investment = await sql.store.createInvestment(
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
    const events = await sql.store.events([investment.id]);
    expect(events).toEqual([{ ...first, id: events[0]?.id, investmentId: investment.id }]);

    const coin = await sql.store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Bitcoin', type: 'crypto', code: 'BTC' },
      buy(T0, 0.5),
    );
    await sql.store.renameInvestment(investment.id, 'Novo Nordisk');
    await sql.store.renameInvestment(999_999, 'Nothing');
    expect(await sql.store.investments(user.id)).toEqual([
      { ...investment, name: 'Novo Nordisk' },
      coin,
    ]);
    expect(await sql.store.investments(other.user.id)).toEqual([]);
  });

  it('adds events of every kind and reads them back in entry order', async () => {
    const { user, portfolio } = await sql.owner();
    const made = (name: string) =>
      sql.store.createInvestment(
        { userId: user.id, portfolioId: portfolio.id, name, ...STOCK },
        buy(T0, 10),
      );
    const a = await made('A');
    const b = await made('B');
    const [firstA, firstB] = await sql.store.events([a.id, b.id]);
    const added: EventRow[] = [
      await sql.store.addEvent({
        ...buy(T0 + 2, 1.25, 99.95, 0.5),
        kind: 'sell',
        investmentId: a.id,
      }),
      await sql.store.addEvent({
        kind: 'dividend',
        investmentId: b.id,
        time: T0 + 1,
        currency: 'USD',
        amount: 12.34,
      }),
      await sql.store.addEvent({
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
      await sql.store.addEvent({
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
    expect(await sql.store.events([b.id, a.id])).toEqual([firstA, firstB, ...added]);
    expect(await sql.store.events([a.id])).toEqual([firstA, added[0], added[2]]);
    expect(await sql.store.events([b.id, b.id])).toEqual([firstB, added[1], added[3]]);
    expect(await sql.store.events([999_999])).toEqual([]);
    expect(await sql.store.events([])).toEqual([]);
  });

  it("raises an investment's version with every change to its events, and only then", async () => {
    const { user, portfolio } = await sql.owner();
    const make = (name: string) =>
      sql.store.createInvestment(
        { userId: user.id, portfolioId: portfolio.id, name, ...STOCK },
        buy(T0, 10),
      );
    const [novo, other] = [await make('Novo'), await make('Other')];
    const versions = async () =>
      new Map((await sql.store.investments(user.id)).map((i) => [i.id, i.version]));
    const seen = [(await versions()).get(novo.id)];
    const changed = async () => {
      const now = await versions();
      expect(seen).not.toContain(now.get(novo.id));
      expect(now.get(other.id)).toBe(other.version);
      seen.push(now.get(novo.id));
    };

    const added = await sql.store.addEvent({ ...buy(T0 + 1, 2), investmentId: novo.id });
    await changed();
    await sql.store.updateEvent({ ...added, time: T0 + 2 });
    await changed();
    await sql.store.deleteEvent(added.id);
    await changed();
    await sql.store.renameInvestment(novo.id, 'Novo Nordisk');
    expect((await versions()).get(novo.id)).toBe(seen.at(-1));
    // The database raises it, whoever writes the events.
    const db = sql.opened?.db as Kysely<Database>;
    await db.updateTable('events').set({ fee: 1 }).where('investment_id', '=', novo.id).execute();
    await changed();
  });

  it('reads events of more investments than fit in one id list', async () => {
    const { user, portfolio } = await sql.owner();
    const made: InvestmentRow[] = [];
    for (const name of ['A', 'B', 'C']) {
      made.push(
        await sql.store.createInvestment(
          { userId: user.id, portfolioId: portfolio.id, name, ...STOCK },
          buy(T0, 1),
        ),
      );
    }
    const [a, b, c] = made.map((i) => i.id) as [number, number, number];
    await sql.store.addEvent({ ...buy(T0 + 1, 2), investmentId: a });
    await sql.store.addEvent({ ...buy(T0 + 1, 3), investmentId: c });
    const unknown = (from: number) => Array.from({ length: 700 }, (_, k) => -(from + k));
    // c, a and b land in different chunks of the query; the answer is still in entry order.
    const ids = [c, ...unknown(1), a, ...unknown(1000), b];
    const all = await sql.store.events([a, b, c]);
    expect(all).toHaveLength(5);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((x, y) => x - y));
    expect(await sql.store.events(ids)).toEqual(all);
  });

  it('creates an investment with its first event or not at all', async () => {
    const { user, portfolio } = await sql.owner();
    // A buy without shares: the events check constraint refuses it, after the investment row.
    const broken = {
      kind: 'buy',
      time: T0,
      currency: 'DKK',
      price: 1,
      fee: 0,
    } as unknown as EventFacts;
    await expect(
      sql.store.createInvestment(
        { userId: user.id, portfolioId: portfolio.id, name: 'Half', ...STOCK },
        broken,
      ),
    ).rejects.toThrow();
    expect(await sql.store.investments(user.id)).toEqual([]);
  });

  it('answers as the in-memory store does for the same calls', async () => {
    const memory = await script(new MemoryStore(emptyTables()));
    expect(await script(sql.store)).toEqual(memory);
  });
});
