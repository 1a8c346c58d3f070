// A large import and other users (issue 35): its rows are planned in slices that let other
// requests be answered between them, and dry runs count against the import limit.
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_CALLS } from '../../src/contract/routes/imports.routes';
import { openDatabase, type OpenedDatabase } from '../../src/server/sql/connect';
import { SqlStore } from '../../src/server/sql/sql-store';
import { processOn } from './contract-process';
import { freshDatabaseUrl } from './databases';
import { dailyBuys } from './import-rows';

const ROWS = 5_000;

const opened: OpenedDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

const rows = dailyBuys(ROWS, '2000-01-01');

/** Ann with a portfolio and Bob, on one store, as the server runs them (setImmediate pauses). */
async function twoUsers() {
  const database = await openDatabase(await freshDatabaseUrl());
  opened.push(database);
  const store = new SqlStore(database.db, database.dialect);
  // Planning starts once the state it checks against is read: the external ids come last.
  let planning = false;
  const externalIds = store.externalIds.bind(store);
  store.externalIds = async (ids) => {
    const found = await externalIds(ids);
    planning = true;
    return found;
  };
  const options = { pause: () => new Promise<void>((resolve) => setImmediate(resolve)) };
  const user = async (name: string) => {
    const send = processOn(store, {}, options);
    await send('GET', '/sanctum/csrf-cookie');
    await send('POST', '/api/v1/auth/register', {
      name,
      email: `${name.toLowerCase()}@example.com`,
      password: 'secret-password',
    });
    return send;
  };
  const ann = await user('Ann');
  const bob = await user('Bob');
  const portfolio = await ann('POST', '/api/v1/portfolios', { name: 'Nordnet' });
  const body = {
    portfolio_id: (portfolio.body as { data: { id: number } }).data.id,
    source: 'nordnet',
    rows,
  };
  return { ann, bob, body, planning: () => planning };
}

describe('a large import', () => {
  it.each([
    ['dry run', '/api/v1/imports?dry_run=1', 200],
    ['commit', '/api/v1/imports', 201],
  ])('lets another user’s reads be answered while its %s plans', async (_, path, status) => {
    const { ann, bob, body, planning } = await twoUsers();
    let done = false;
    const imported = ann('POST', path, body).finally(() => {
      done = true;
    });
    let answeredWhilePlanning = 0;
    while (!done) {
      const read = await bob('GET', '/api/v1/portfolios');
      expect(read.status).toBe(200);
      if (planning() && !done) answeredWhilePlanning++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await imported).status).toBe(status);
    expect(answeredWhilePlanning).toBeGreaterThan(0);
  });

  it('shares its limit with dry runs: past it, 429 with Retry-After', async () => {
    const { ann, body } = await twoUsers();
    const small = { ...body, rows: rows.slice(0, 1) };
    for (let call = 0; call < IMPORT_CALLS; call++)
      expect((await ann('POST', '/api/v1/imports?dry_run=1', small)).status).toBe(200);
    const refused = await ann('POST', '/api/v1/imports', small);
    expect(refused.status).toBe(429);
    expect(refused.headers['Retry-After']).toBeDefined();
  });
});
