// One Formue server: the database opened and migrated, the contract over the SQL store, and
// the HTTP adapter listening. Tests start it on a port of their own.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { addDemoAccount } from '../contract/demo-data';
import { createContract } from '../contract/kernel';
import { buildApp } from './app';
import type { Config } from './config';
import { bcryptHasher } from './passwords';
import { openDatabase } from './sql/connect';
import { SqlStore } from './sql/sql-store';
import type { PriceSource } from '../contract/figures';

/** For tests: a fixed clock and prices, as the mock takes them. */
export interface StartOptions {
  now?: () => number;
  prices?: PriceSource;
}

export async function startServer(config: Config, options: StartOptions = {}) {
  const database = await openDatabase(config.databaseUrl);
  const store = new SqlStore(database.db, database.dialect);
  const hasher = bcryptHasher(config.bcryptRounds);
  const app = await buildApp({
    contract: createContract({
      store,
      hasher,
      randomToken: (bytes) => randomBytes(bytes).toString('base64'),
      now: options.now,
      prices: options.prices,
      onError: (error) => app.log.error({ err: error }, 'contract error'),
    }),
    healthy: async () => {
      await sql`select 1`.execute(database.db);
      return true;
    },
    appRoot: config.appRoot,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
  });
  if (config.demo && (await addDemoAccount(store, hasher)))
    app.log.info('created the demo account demo@example.com');
  app.addHook('onClose', () => database.close());
  await app.listen({ port: config.port, host: config.host });
  return app;
}
