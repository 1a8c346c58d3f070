// The success walk of openapi-answers.test.ts, a feature at a time: each call's answer is checked
// against docs/openapi.yaml (and counted as seen) by `valid`.
import { expect } from 'vitest';
import { PERIODS } from '../../../src/domain/types';
import { plainSplit, setCookie } from '../support';
import { MICROSOFT, ON_MOCK, call, trade, valid } from './openapi-calls';

/** Typed prices, a range of them, deletion twice, and the listing chosen. */
export async function pricesAnswers(id: number): Promise<void> {
  const prices = `/investments/${id}/prices`;
  const typed = { date: '2026-11-01', price: 188.25, currency_code: 'USD' };
  expect((await valid('POST', prices, typed)).status).toBe(201);
  expect((await valid('GET', prices)).body.prices.length).toBeGreaterThan(0);
  expect((await valid('GET', `${prices}?from=2026-10-01&to=2026-10-31`)).status).toBe(200);
  expect((await valid('GET', `${prices}?from=October`)).status).toBe(422);
  expect((await valid('DELETE', `${prices}/2026-11-01`)).status).toBe(204);
  expect((await valid('DELETE', `${prices}/2026-11-01`)).status).toBe(404);
  const { listings } = (await valid('GET', `/investments/${id}/listings`)).body;
  const chosen = { listing: listings[0].id };
  expect((await valid('PUT', `/investments/${id}/listing`, chosen)).status).toBe(200);
}

export async function suggestionsAnswers(portfolioId: number): Promise<void> {
  // Held since before the provider's split and dividend, so both are suggested (on the mock).
  const held = await valid('POST', '/investments', {
    investment: { portfolio_id: portfolioId, name: 'Microsoft' },
    instrument: { type: 'stock', isin: MICROSOFT },
    buy_event: { date: '2026-09-01', shares: 3, share_price: 400, currency_code: 'USD' },
  });
  expect(held.status).toBe(201);
  const suggestions = `/investments/${held.body.data.id}/suggestions`;
  const suggested = (await valid('GET', suggestions)).body.suggestions as Array<{ kind: string }>;
  expect(suggested.map((s) => s.kind)).toEqual(ON_MOCK ? ['dividend', 'split'] : []);
  const dismissal = { kind: 'dividend', date: '2026-10-15' };
  expect((await valid('POST', `${suggestions}/dismiss`, dismissal)).status).toBe(204);
  const left = (await valid('GET', suggestions)).body.suggestions as Array<{ kind: string }>;
  expect(left.map((s) => s.kind)).toEqual(ON_MOCK ? ['split'] : []);
  expect((await valid('DELETE', `/investments/${held.body.data.id}`)).status).toBe(204);
}

/** Each kind of event, read, corrected, checked only, refused and deleted; the events listed. */
export async function eventsAnswers(id: number): Promise<Array<{ id: number }>> {
  const events: Array<[string, unknown]> = [
    ['buy', { shares: 2, share_price: 180, fee: 1.5, currency_code: 'USD' }],
    ['sell', { shares: 1, share_price: 200, currency_code: 'USD' }],
    ['dividend', { amount: 3.2, currency_code: 'USD' }],
    ['split', { shares_after: 2, currency_code: 'USD', sold_shares: 1, sold_share_price: 90 }],
    ['split', { ...plainSplit(8), hide: true }],
    ['sell', { shares: '8', share_price: '210', fee: null, currency_code: 'DKK' }],
  ];
  for (const [kind, body] of events)
    expect((await valid('POST', `/investments/${id}/events/${kind}`, body)).status).toBe(201);
  const listed = await valid('GET', '/investments/events');
  expect(listed.body.events).toHaveLength(7); // the hidden split is left out
  const [latest] = listed.body.events as Array<{ id: number }>;
  for (const { id: eventId } of listed.body.events as Array<{ id: number }>)
    expect((await valid('GET', `/investments/events/${eventId}`)).status).toBe(200);
  const corrected = { shares: 8, share_price: 205, currency_code: 'DKK' };
  const edited = await valid('PUT', `/investments/events/${latest.id}`, corrected);
  expect(edited.body.data).toMatchObject({ id: latest.id, stock_price: 205 });
  const checked = await valid('PUT', `/investments/events/${latest.id}`, corrected, {
    'x-validate-only': '1',
  });
  expect(checked.body).toEqual({ data: null });
  const [firstBuy] = (listed.body.events as Array<{ id: number; type: string }>).filter(
    (e) => e.type === 'buy',
  );
  const refused = await valid('DELETE', `/investments/events/${firstBuy.id}`);
  expect(Object.keys(refused.body.errors)).toEqual(['event']);
  expect((await valid('DELETE', `/investments/events/${latest.id}`)).status).toBe(204);
  return listed.body.events as Array<{ id: number }>;
}

export async function importsAnswers(
  portfolioId: number,
  listed: ReadonlyArray<{ id: number }>,
): Promise<void> {
  // Imports: dry run, commit, nothing new, history, undo refused after a correction, undo,
  // the body limit, the export in both formats.
  const importRow = (date: string) => ({
    line: 1,
    kind: 'buy',
    date,
    instrument: { isin: 'DK0062498333', name: 'Novo Nordisk B' },
    shares: 2,
    share_price: 400,
    currency_code: 'DKK',
  });
  const importOf = (date: string) => ({
    portfolio_id: portfolioId,
    source: 'nordnet',
    rows: [importRow(date)],
  });
  expect((await valid('POST', '/imports?dry_run=1', importOf('2026-10-01'))).status).toBe(200);
  const firstBatch = await valid('POST', '/imports', importOf('2026-10-01'));
  expect(firstBatch.status).toBe(201);
  expect((await valid('POST', '/imports', importOf('2026-10-01'))).status).toBe(422);
  const secondBatch = await valid('POST', '/imports', importOf('2026-10-02'));
  expect((await valid('GET', '/imports')).body.imports).toHaveLength(2);
  const imported = listed.map((e) => e.id);
  const fresh = (
    (await valid('GET', '/investments/events')).body.events as Array<{
      id: number;
      date: string;
    }>
  ).find((e) => !imported.includes(e.id) && e.date.startsWith('2026-10-01'));
  await valid('PUT', `/investments/events/${fresh?.id}`, { ...trade, shares: 3 });
  expect((await valid('DELETE', `/imports/${firstBatch.body.data.id}`)).status).toBe(409);
  expect((await valid('DELETE', `/imports/${secondBatch.body.data.id}`)).status).toBe(204);
  const huge = `{"padding":"${'x'.repeat(10 * 1024 * 1024)}"}`;
  expect((await call('POST', '/imports', { body: huge })).status).toBe(413);
  expect((await valid('GET', '/export')).status).toBe(200);
  expect((await valid('GET', '/export?format=csv')).status).toBe(200);
  expect((await valid('GET', '/export?format=xml')).status).toBe(422);
  expect((await valid('GET', '/income?year=2025')).status).toBe(200);
  expect((await valid('GET', '/income?year=1969')).status).toBe(422);
}

/** The benchmark, then every figure in every period, and the returns. */
export async function figuresAnswers(portfolioId: number, id: number): Promise<void> {
  expect((await valid('GET', '/user/benchmark')).body.benchmark.isin).toBe('IE00B4L5Y983');
  const benchmark = { type: 'stock', isin: 'DK0060005254' };
  expect((await valid('PUT', '/user/benchmark', benchmark)).status).toBe(200);
  for (const period of PERIODS) {
    setCookie('selected_period', period);
    for (const path of ['/user/valuation', '/user/chart', '/portfolios', '/investments'])
      expect((await valid('GET', path)).status).toBe(200);
    for (const path of [`/portfolios/${portfolioId}`, `/investments/${id}`]) {
      expect((await valid('GET', `${path}/stats`)).status).toBe(200);
      expect((await valid('GET', `${path}/chart`)).status).toBe(200);
    }
  }
  for (const path of ['/user', `/portfolios/${portfolioId}`, `/investments/${id}`]) {
    expect((await valid('GET', `${path}/performance`)).status).toBe(200);
    expect((await valid('GET', `${path}/performance?year=2026`)).status).toBe(200);
    expect((await valid('GET', `${path}/performance?year=20x6`)).status).toBe(422);
  }
}

export async function taxYearAnswers(id: number): Promise<void> {
  // The tax year: a class and its override, the settings, the report and its CSV.
  const taxClass = `/investments/${id}/tax-class`;
  expect((await valid('GET', taxClass)).status).toBe(200);
  const override = { taxation: 'yearly', income: 'capital', reason: 'Held as a fund' };
  expect((await valid('PUT', taxClass, override)).status).toBe(200);
  expect((await valid('DELETE', taxClass)).status).toBe(204);
  expect((await valid('GET', '/tax-settings')).status).toBe(200);
  expect((await valid('PUT', '/tax-settings', { married: true })).status).toBe(200);
  expect((await valid('GET', '/reports/2026')).status).toBe(200);
  expect((await valid('GET', '/reports/2026.csv')).status).toBe(200);
  expect((await valid('GET', '/reports/2023')).status).toBe(422);
}

export async function cashAnswers(portfolioId: number): Promise<void> {
  // Cash (issue 38): switched on with an opening balance, an event recorded, checked, deleted.
  const cashOn = { cash: true, opening_balance: { amount: 1000, currency_code: 'DKK' } };
  expect((await valid('PATCH', `/portfolios/${portfolioId}`, cashOn)).status).toBe(200);
  const cashPath = `/portfolios/${portfolioId}/cash`;
  const deposit = { type: 'deposit', amount: 250, currency_code: 'DKK', date: '2026-10-01' };
  const onlyChecked = await valid('POST', cashPath, deposit, { 'x-validate-only': '1' });
  expect(onlyChecked.body).toEqual({ data: null });
  const recorded = await valid('POST', cashPath, deposit);
  expect(recorded.status).toBe(201);
  expect((await valid('GET', cashPath)).body.cash.events).toHaveLength(2);
  expect((await valid('GET', '/portfolios')).status).toBe(200);
  expect((await valid('DELETE', `/portfolios/cash/${recorded.body.data.id}`)).status).toBe(204);
}
