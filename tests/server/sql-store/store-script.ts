// One script of store calls, run on the SQL store and on the in-memory store, whose answers must
// agree (ids relabelled, since each store numbers its own); the stock, time and buys it uses.
import type {
  EventFacts,
  EventRow,
  InvestmentRow,
  PortfolioRow,
  Store,
  UserRow,
} from '../../../src/contract/store';

export const STOCK = { type: 'stock', code: 'DK0010244508' } as const;
export const T0 = Date.UTC(2024, 0, 15, 9, 30);
type Trade = Extract<EventFacts, { kind: 'buy' | 'sell' }>;
export const buy = (time: number, shares: number, price = 100.5, fee = 0.1): Trade => ({
  kind: 'buy',
  time,
  currency: 'DKK',
  shares,
  price,
  fee,
});

/** Stands ids in for their order of appearance per table, as the two stores number apart. */
class Relabel {
  private readonly seen = new Map<string, Map<number, string>>();

  id(table: string, id: number): string {
    const ids = this.seen.get(table) ?? new Map<number, string>();
    this.seen.set(table, ids);
    const label = ids.get(id) ?? `${table}#${ids.size + 1}`;
    ids.set(id, label);
    return label;
  }
  user = (row: UserRow | undefined) => row && { ...row, id: this.id('user', row.id) };
  portfolio = (row: PortfolioRow) => ({
    ...row,
    id: this.id('portfolio', row.id),
    userId: this.id('user', row.userId),
  });
  investment = (row: InvestmentRow) => ({
    ...row,
    id: this.id('investment', row.id),
    userId: this.id('user', row.userId),
    portfolioId: this.id('portfolio', row.portfolioId),
    // Numbered apart too: what counts is when a version changes.
    version: this.id(`version of ${this.id('investment', row.id)}`, row.version),
  });
  event = (row: EventRow) => ({
    ...row,
    id: this.id('event', row.id),
    investmentId: this.id('investment', row.investmentId),
  });
}

/** A session's worth of calls; returns every answer, ids relabelled. */
export async function script(store: Store): Promise<unknown[]> {
  const r = new Relabel();
  const log: unknown[] = [];
  const ann = await store.createUser({ name: 'Ann', email: 'ann@example.com', passwordHash: 'a' });
  const bob = await store.createUser({ name: 'Bob', email: 'bob@example.com', passwordHash: 'b' });
  log.push(r.user(ann), r.user(bob));
  log.push(
    r.user(await store.userByEmail('ANN@example.com')),
    r.user(await store.userById(bob.id)),
  );
  await store.updateUser({ ...bob, name: 'Robert', passwordHash: 'b2' });
  log.push(r.user(await store.userById(bob.id)), await store.userByEmail('nobody@example.com'));

  const pension = await store.createPortfolio({ userId: ann.id, name: 'Pension' });
  const savings = await store.createPortfolio({ userId: ann.id, name: 'Savings' });
  const bobs = await store.createPortfolio({ userId: bob.id, name: 'Fun' });
  log.push(r.portfolio(pension), r.portfolio(savings), r.portfolio(bobs));
  await store.renamePortfolio(savings.id, 'Rainy day');
  log.push((await store.portfolios(ann.id)).map(r.portfolio));
  log.push((await store.portfolios(bob.id)).map(r.portfolio));

  const novo = await store.createInvestment(
    { userId: ann.id, portfolioId: pension.id, name: 'Novo', ...STOCK },
    buy(T0, 10, 812.4, 29),
  );
  const btc = await store.createInvestment(
    { userId: ann.id, portfolioId: savings.id, name: 'Bitcoin', type: 'crypto', code: 'BTC' },
    buy(T0 + 1, 0.015, 61_234.56, 0),
  );
  const bobsCoin = await store.createInvestment(
    { userId: bob.id, portfolioId: bobs.id, name: 'Ether', type: 'crypto', code: 'ETH' },
    buy(T0 + 2, 1.5, 2_500, 5),
  );
  log.push(r.investment(novo), r.investment(btc), r.investment(bobsCoin));
  await store.renameInvestment(btc.id, 'BTC');
  log.push((await store.investments(ann.id)).map(r.investment));

  log.push(
    r.event(
      await store.addEvent({
        kind: 'dividend',
        investmentId: novo.id,
        time: T0 + 10,
        currency: 'DKK',
        amount: 65.7,
      }),
    ),
    r.event(
      await store.addEvent({
        ...buy(T0 + 11, 0.005, 70_000, 0.1),
        kind: 'sell',
        investmentId: btc.id,
      }),
    ),
  );
  log.push(
    await store.exclusive(novo.id, async (tx) => {
      const before = (await tx.events([novo.id])).length;
      const split = await tx.addEvent({
        kind: 'split',
        investmentId: novo.id,
        time: T0 + 12,
        currency: 'DKK',
        sharesAfter: 30,
        fee: 0,
        soldShares: 0,
        soldPrice: 0,
        hide: false,
        fromShares: 10,
      });
      return { before, split: r.event(split) };
    }),
  );
  log.push((await store.events([btc.id, novo.id, bobsCoin.id])).map(r.event));
  log.push((await store.events([novo.id])).map(r.event), await store.events([]));

  await store.saveSession({ id: 'a', token: 'ta', userId: null, lastSeen: T0 });
  await store.saveSession({ id: 'b', token: 'tb', userId: ann.id, lastSeen: T0 + 100 });
  await store.saveSession({ id: 'a', token: 'ta2', userId: bob.id, lastSeen: T0 + 50 });
  const sessionOf = async (id: string) => {
    const s = await store.session(id);
    return s && { ...s, userId: s.userId === null ? null : r.id('user', s.userId) };
  };
  log.push(await sessionOf('a'), await sessionOf('b'), await sessionOf('c'));
  await store.pruneSessions(T0 + 60);
  log.push(await sessionOf('a'), await sessionOf('b'));
  await store.deleteSession('b');
  log.push(await sessionOf('b'));

  await store.hitAttempt('k1', T0, 5);
  await store.hitAttempt('k1', T0 + 1, 5);
  await store.hitAttempt('k2', T0, 9);
  log.push(await store.attempts('k1'), await store.attempts('k2'), await store.attempts('k3'));
  await store.clearAttempts('k1');
  log.push(await store.attempts('k1'), await store.attempts('k2'));
  return log;
}
