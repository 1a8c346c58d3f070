// The import tests' rows and instruments, their calls (dry run, commit), and a fresh account.
import type { ImportRow } from '../../../src/domain/import/rows';
import { get, post, registerFresh, startServer } from '../support';

export const NOVO = { isin: 'DK0062498333', name: 'Novo Nordisk B' };
export const APPLE = { isin: 'US0378331005', name: 'Apple' };

/** A buy of 10 Novo at 100 DKK on 2024-01-02, with `extra` over it. */
export const row = (line: number, extra: Partial<ImportRow> = {}): ImportRow => ({
  line,
  kind: 'buy',
  date: '2024-01-02',
  instrument: NOVO,
  shares: 10,
  share_price: 100,
  fee: 0,
  currency_code: 'DKK',
  ...extra,
});

export async function freshAccount(): Promise<number> {
  startServer({ prices: () => 150 });
  await registerFresh();
  const created = await post('/portfolios', { name: 'Nordnet' });
  return Number(created.body.data.id);
}

export const dryRun = (body: object) => post('/imports?dry_run=1', body);
export const commit = (body: object, key?: string) =>
  post('/imports', body, key ? { 'Idempotency-Key': key } : undefined);
type Listed = { id: number; name: string; shares: number } & Record<string, unknown>;
export const investments = async (): Promise<Listed[]> =>
  ((await get('/investments')).body as { investments: Listed[] }).investments;
