// The Formue server the browser tests run against: where it listens and keeps its data, and how
// a test starts from the demo data alone, as each demo test starts from a reset page.
import { addDemoAccount } from '../../src/contract/demo-data';
import { bcryptHasher } from '../../src/server/passwords';
import { openDatabase } from '../../src/server/sql/connect';
import { SqlStore } from '../../src/server/sql/sql-store';

/** E2E_PORT_OFFSET moves every port, so two checkouts can run their browser tests at once. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PREVIEW_PORT = 4173 + offset;
export const SERVER_PORT = 4180 + offset;
// Not 4190: fetch refuses that port (the "bad ports" of the Fetch standard).
export const FAKE_MARKET_PORT = 4191 + offset;
/** The local mail server the Formue server sends to (SMTP), and where tests read it (HTTP). */
export const MAIL_SINK_SMTP_PORT = 4195 + offset;
export const MAIL_SINK_HTTP_PORT = 4196 + offset;
export const E2E_DATA = '.e2e-server';
export const E2E_DATABASE = `${E2E_DATA}/formue.sqlite`;

/**
 * Empties the server's database and adds the demo account again (SQLite allows a second writer),
 * in one transaction: the server never reads a half-reset account, and the writes cost one commit
 * (a sync to disk, `synchronous = FULL`) instead of one for each of the demo's rows (about 0.4 s
 * a test against 0.07 s; docs/benchmarks.md, CI, e2e13).
 */
export async function resetServerData(): Promise<void> {
  const database = await openDatabase(`sqlite:${E2E_DATABASE}`);
  const { db, dialect } = database;
  try {
    await db.transaction().execute(async (transaction) => {
      // Prices of listings stay: they are the market's, not the user's.
      for (const table of [
        'manual_prices',
        'dismissed_actions',
        'idempotency_keys',
        'events',
        'cash_events',
        'investment_tax_classes',
        'imports',
        'investments',
        'portfolios',
        'sessions',
        'remember_tokens',
        'password_reset_tokens',
        'login_attempts',
        'tax_settings',
        'benchmarks',
        'users',
      ] as const)
        await transaction.deleteFrom(table).execute();
      await addDemoAccount(new SqlStore(transaction, dialect), bcryptHasher(4));
    });
  } finally {
    await database.close();
  }
}
