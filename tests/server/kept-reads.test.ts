// The user's rows kept between requests (issue 38): portfolios, investments and the benchmark
// are read again only when the user's version, read with the session, has changed, whoever
// wrote. Two stores on one database stand for two server processes.
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type OpenedDatabase } from '../../src/server/sql/connect';
import { SqlStore } from '../../src/server/sql/sql-store';
import { processOn } from './contract-process';
import { freshDatabaseUrl } from './databases';

const BUY = { shares: 1, share_price: 100, fee: 0, currency_code: 'DKK' };
/** The store's reads of the user's rows that a repeated request no longer makes. */
const READS = ['session', 'userById', 'portfolios', 'investments', 'benchmark'] as const;

const opened: OpenedDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

/** Processes A and B on one fresh database, Ann logged in with a portfolio and an investment. */
async function twoProcesses() {
  const database = await openDatabase(await freshDatabaseUrl());
  opened.push(database);
  const cookies: Record<string, string> = {};
  const storeA = new SqlStore(database.db, database.dialect);
  const reads = new Map<string, number>();
  for (const name of READS) {
    const read = storeA[name].bind(storeA) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(storeA, {
      [name]: (...args: unknown[]) => {
        reads.set(name, (reads.get(name) ?? 0) + 1);
        return read(...args);
      },
    });
  }
  const a = processOn(storeA, cookies);
  const b = processOn(new SqlStore(database.db, database.dialect), cookies);
  await b('GET', '/sanctum/csrf-cookie');
  await b('POST', '/api/v1/auth/register', {
    name: 'Ann',
    email: 'ann@example.com',
    password: 'secret-password',
  });
  const portfolio = await b('POST', '/api/v1/portfolios', { name: 'Pension' });
  const portfolioId = (portfolio.body as { data: { id: number } }).data.id;
  await b('POST', '/api/v1/investments', {
    investment: { portfolio_id: portfolioId, name: 'Novo' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: BUY,
  });
  const names = async (path: string, list: string) =>
    ((await a('GET', path)).body as Record<string, { name: string }[]>)[list].map((r) => r.name);
  return { a, b, database, portfolioId, reads, names };
}

describe('the user’s rows kept between requests', () => {
  it('are not read again by a repeated request', async () => {
    const { a, reads } = await twoProcesses();
    // The first requests read them (and place the default benchmark); the next reads none.
    await a('GET', '/api/v1/user/performance');
    await a('GET', '/api/v1/user/performance');
    reads.clear();
    const answer = await a('GET', '/api/v1/user/performance');
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(reads)).toEqual({});
  });

  it('are read once by requests arriving together, and again after a write', async () => {
    const { a, b, portfolioId, reads } = await twoProcesses();
    const together = async () => {
      reads.clear();
      const answers = await Promise.all([
        a('GET', '/api/v1/investments'),
        a('GET', '/api/v1/portfolios'),
        a('GET', '/api/v1/user/performance'),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      return answers;
    };
    await together();
    expect(reads.get('investments')).toBe(1);
    expect(reads.get('portfolios')).toBe(1);

    await b('PATCH', `/api/v1/portfolios/${portfolioId}`, { name: 'Frie midler' });
    const [, portfolios] = await together();
    expect(reads.get('portfolios')).toBe(1);
    expect((portfolios.body as { portfolios: { name: string }[] }).portfolios[0].name).toBe(
      'Frie midler',
    );
  });

  it('are read again after another process’s write', async () => {
    const { a, b, portfolioId, names } = await twoProcesses();
    expect(await names('/api/v1/portfolios', 'portfolios')).toEqual(['Pension']);
    expect(await names('/api/v1/investments', 'investments')).toEqual(['Novo']);

    await b('PATCH', `/api/v1/portfolios/${portfolioId}`, { name: 'Frie midler' });
    expect(await names('/api/v1/portfolios', 'portfolios')).toEqual(['Frie midler']);

    await b('POST', '/api/v1/investments', {
      investment: { portfolio_id: portfolioId, name: 'Bitcoin' },
      instrument: { type: 'crypto', isin: 'BTC' },
      buy_event: BUY,
    });
    expect(await names('/api/v1/investments', 'investments')).toEqual(['Novo', 'Bitcoin']);

    await b('PUT', '/api/v1/user/benchmark', { type: 'crypto', isin: 'BTC' });
    const chosen = await a('GET', '/api/v1/user/benchmark');
    expect(chosen.body).toEqual({ benchmark: { type: 'crypto', isin: 'BTC', name: 'Bitcoin' } });
  });

  it('are read again after a write to the database by no server (a script)', async () => {
    const { database, names } = await twoProcesses();
    expect(await names('/api/v1/investments', 'investments')).toEqual(['Novo']);
    await sql`update investments set name = 'Novo Nordisk'`.execute(database.db);
    expect(await names('/api/v1/investments', 'investments')).toEqual(['Novo Nordisk']);
  });

  it('are read again after an event is added, in the same process', async () => {
    const { a } = await twoProcesses();
    const holding = async () =>
      ((await a('GET', '/api/v1/investments')).body as { investments: { shares: number }[] })
        .investments[0].shares;
    expect(await holding()).toBe(1);
    const investments = (await a('GET', '/api/v1/investments')).body as {
      investments: { id: number }[];
    };
    const buy = await a('POST', `/api/v1/investments/${investments.investments[0].id}/events/buy`, {
      ...BUY,
      date: '2026-01-02',
    });
    expect(buy.status).toBe(201);
    expect(await holding()).toBe(2);
  });
});
