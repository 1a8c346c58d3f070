// The demo account (decisions.md section 4): the same on every start. Its events are made once by
// demo-data-maker.ts with faker and kept in demo-data.json (its test holds the two equal), so
// neither a demo page nor the server downloads, compiles or runs faker to seed it.
// The attribute: Node's own loader (Playwright's runner) refuses JSON without it.
import made from './demo-data.json' with { type: 'json' };
import type { InstrumentType } from '../domain/types';
import type { EventFacts, LedgerStore, PasswordHasher, UserStore } from './store';

export const DEMO_USER = { name: 'Demo', email: 'demo@example.com', password: 'demo1234' };
/** The last demo event is on this day; the first about three and a half years before. */
export const DEMO_ANCHOR = Date.UTC(2026, 8, 1, 12);

export interface DemoInvestment {
  name: string;
  type: InstrumentType;
  code: string;
  /** Oldest first; each accepted by the ledger. */
  events: EventFacts[];
}

export interface DemoPortfolio {
  name: string;
  investments: DemoInvestment[];
}

/** JSON types its words as strings; the file is makeDemoPortfolios' own output. */
export const DEMO_PORTFOLIOS = made as readonly DemoPortfolio[];

/** Creates the demo account with its data in the store, unless its e-mail is taken. */
export async function addDemoAccount(
  store: UserStore & LedgerStore,
  hasher: PasswordHasher,
): Promise<boolean> {
  if (await store.userByEmail(DEMO_USER.email)) return false;
  const user = await store.createUser({
    name: DEMO_USER.name,
    email: DEMO_USER.email,
    passwordHash: await hasher.hash(DEMO_USER.password),
  });
  for (const portfolio of DEMO_PORTFOLIOS) {
    const row = await store.createPortfolio({ userId: user.id, name: portfolio.name });
    for (const { events, ...investment } of portfolio.investments) {
      const [first, ...rest] = events;
      if (!first) continue;
      const created = await store.createInvestment(
        { ...investment, userId: user.id, portfolioId: row.id },
        first,
      );
      for (const event of rest) await store.addEvent({ ...event, investmentId: created.id });
    }
  }
  return true;
}
