// Broker imports' history and the export, on both backends: undo, and a round trip through
// Formue's own export, also through the app's client.
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { FORMUE_CSV_COLUMNS, type FormueExport } from '../../../src/domain/import/rows';
import {
  formueExportExtras,
  formueExportRows,
  readFormueCsv,
} from '../../../src/domain/import/formue';
import { appApi, get, patch, post, put, registerFresh, send } from '../support';
import { APPLE, NOVO, commit, dryRun, freshAccount, investments, row } from './import-rows';

describe('GET and DELETE /api/v1/imports', () => {
  it('lists batches newest first and undoes one with what it created', async () => {
    await freshAccount();
    const first = await commit({ portfolio_name: 'Old', source: 'saxo', rows: [row(1)] });
    const second = await commit({
      portfolio_name: 'New',
      source: 'nordnet',
      rows: [row(1, { instrument: APPLE, currency_code: 'USD' })],
    });
    const listed = (await get('/imports')).body.imports;
    expect(listed.map((b: { id: number }) => b.id)).toEqual([
      second.body.data.id,
      first.body.data.id,
    ]);
    expect((await send('DELETE', `/imports/${second.body.data.id}`)).status).toBe(204);
    const names = (await get('/portfolios')).body.portfolios.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Nordnet', 'Old']);
    expect((await investments()).map((i: { name: string }) => i.name)).toEqual(['Novo Nordisk B']);
    expect((await get('/imports')).body.imports).toHaveLength(1);
  });

  it('refuses an undo after an event of the batch was corrected, listing it', async () => {
    const portfolio = await freshAccount();
    const batch = (
      await commit({ portfolio_id: portfolio, source: 'nordnet', rows: [row(1), row(2)] })
    ).body.data;
    const [event] = (await get('/investments/events')).body.events;
    await put(`/investments/events/${event.id}`, {
      shares: 12,
      share_price: 100,
      currency_code: 'DKK',
    });
    const refused = await send('DELETE', `/imports/${batch.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: '1 event of this import was edited since it was imported. Nothing was undone.',
      event_ids: [event.id],
    });
    expect((await investments())[0].shares).toBe(22);
  });

  it("keeps the broker's account with the batch, names its portfolio and what Undo removes", async () => {
    const portfolio = await freshAccount();
    const into = await commit({
      portfolio_name: 'Nordnet depot',
      source: 'nordnet',
      account: '12345678',
      rows: [row(1)],
    });
    expect(into.status).toBe(201);
    const depot = into.body.data.portfolio_id;
    expect(into.body.data).toMatchObject({
      portfolio_name: 'Nordnet depot',
      account: '12345678',
      events: 1,
      removes_portfolios: ['Nordnet depot'],
    });
    const second = await commit({
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [row(1, { instrument: APPLE, currency_code: 'USD' })],
    });
    expect(second.body.data).toMatchObject({
      portfolio_name: 'Nordnet',
      account: null,
      removes_portfolios: [],
    });
    const listed = (await get('/imports')).body.imports;
    expect(listed).toMatchObject([
      { portfolio_name: 'Nordnet', account: null, removes_portfolios: [] },
      {
        portfolio_id: depot,
        portfolio_name: 'Nordnet depot',
        account: '12345678',
        removes_portfolios: ['Nordnet depot'],
      },
    ]);
    // An investment typed into the imported portfolio keeps it there after Undo.
    await post('/investments', {
      investment: { portfolio_id: depot, name: 'Apple' },
      instrument: { type: 'stock', isin: APPLE.isin },
      buy_event: { shares: 1, share_price: 100, currency_code: 'USD', date: '2024-01-03' },
    });
    expect((await get('/imports')).body.imports[1].removes_portfolios).toEqual([]);
    expect((await send('DELETE', `/imports/${into.body.data.id}`)).status).toBe(204);
    const names = (await get('/portfolios')).body.portfolios.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Nordnet', 'Nordnet depot']);
  });

  it("another user's batch is unknown", async () => {
    const portfolio = await freshAccount();
    const batch = (await commit({ portfolio_id: portfolio, source: 'nordnet', rows: [row(1)] }))
      .body.data;
    await post('/auth/logout');
    await registerFresh();
    expect((await send('DELETE', `/imports/${batch.id}`)).status).toBe(404);
    expect((await get('/imports')).body.imports).toEqual([]);
  });
});

describe('GET /api/v1/export', () => {
  it('round trip: export, import into a new account, export again: the same content and figures', async () => {
    const portfolio = await freshAccount();
    // Kinds and tax classes go with it (issue 39).
    const second = (await post('/portfolios', { name: 'Pension', kind: 'pension' })).body.data.id;
    await commit({
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [
        row(1),
        row(2, {
          instrument: APPLE,
          shares: 3,
          share_price: 185.25,
          fee: 1.5,
          currency_code: 'USD',
          exchange_rate: 6.9123,
        }),
        row(3, {
          kind: 'dividend',
          date: '2024-03-01',
          shares: undefined,
          share_price: undefined,
          amount: 12.5,
          withholding_tax: 3.38,
        }),
        {
          ...row(4, { kind: 'split', date: '2024-04-01', shares_after: 30 }),
          shares: undefined,
          share_price: undefined,
        },
        row(5, { kind: 'sell', date: '2024-05-01', shares: 7, share_price: 60.1234 }),
        row(6, { kind: 'price', date: '2024-05-02', share_price: 61, shares: undefined }),
        row(7, { portfolio: 'Pension', date: '2024-06-03', shares: 2 }),
      ],
    });
    expect(second).toBeGreaterThan(0);
    const apple = (await investments()).find((i) => i.name === 'Apple');
    const override = { taxation: 'yearly', income: 'capital', reason: 'Held through a fund' };
    expect((await put(`/investments/${apple?.id}/tax-class`, override)).status).toBe(200);
    // Cash and the benchmark go with it too (issue 38): the opening balance is a deposit.
    const cashOn = await patch(`/portfolios/${portfolio}`, {
      cash: true,
      opening_balance: { amount: 10000, currency_code: 'DKK', date: '2024-01-02' },
    });
    expect(cashOn.status).toBe(200);
    const cash = `/portfolios/${portfolio}/cash`;
    await post(cash, {
      type: 'withdrawal',
      amount: 250.5,
      currency_code: 'DKK',
      date: '2024-02-01',
    });
    await post(cash, { type: 'interest', amount: 3.25, currency_code: 'USD', date: '2024-03-01' });
    expect((await put('/user/benchmark', { type: 'stock', isin: 'DK0060005254' })).status).toBe(
      200,
    );
    const first = await get('/export');
    expect(first.body.portfolios.map((p: { cash: boolean }) => p.cash)).toEqual([true, false]);
    expect(first.body.cash).toHaveLength(3);
    expect(first.body.benchmark).toEqual({ type: 'stock', isin: 'DK0060005254' });
    expect(first.body.portfolios.map((p: { kind: string }) => p.kind)).toEqual(['free', 'pension']);
    expect(first.body.investments.map((i: { tax_class: unknown }) => i.tax_class)).toContainEqual(
      override,
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toBe(
      'attachment; filename="formue-export-2026-11-02.json"',
    );
    const figures = async () =>
      (await investments()).map((i) => ({ ...i, id: 0, portfolio_id: 0 }));
    const before = await figures();

    await post('/auth/logout');
    await registerFresh();
    const rows = formueExportRows(first.body);
    const extras = formueExportExtras(first.body);
    const imported = await commit({ portfolio_name: 'Nordnet', source: 'formue', rows, ...extras });
    expect(imported.status).toBe(201);
    const again = (await get('/export')).body;
    expect(withoutIds(again)).toEqual(withoutIds(first.body));
    expect(await figures()).toEqual(before);
    // The same export again is all duplicates (events, cash) and prices already typed (skipped).
    const twice = await dryRun({
      portfolio_id: imported.body.data.portfolio_id,
      source: 'formue',
      rows,
      ...extras,
    });
    expect(twice.body.counts).toEqual({ imported: 0, duplicates: 9, skipped: 1, errors: 0 });
  });
});

describe('GET /api/v1/export?format=csv', () => {
  it('is the canonical CSV of the same content, one row per event and typed price', async () => {
    const portfolio = await freshAccount();
    await commit({
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [
        row(1, { instrument: APPLE, currency_code: 'USD', exchange_rate: 6.5, fee: 1.25 }),
        row(2, {
          kind: 'price',
          instrument: APPLE,
          date: '2024-01-05',
          share_price: 120.5,
          currency_code: 'USD',
          shares: undefined,
        }),
      ],
    });
    const json = (await get('/export')).body as FormueExport;
    const csv = await send('GET', '/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="formue-export-2026-11-02.csv"',
    );
    const [header, ...data] = Papa.parse<string[]>(String(csv.body).trim()).data;
    expect(header).toEqual([...FORMUE_CSV_COLUMNS]);
    expect(data).toHaveLength(2);
    expect(readFormueCsv(header, data).rows).toEqual(formueExportRows(json));
    expect((await send('GET', '/export?format=xml')).status).toBe(422);
  });

  it('escapes cells a spreadsheet would run as formulas, and reads them back as they were', async () => {
    const portfolio = await freshAccount();
    const formula = "=cmd|' /C calc'!A0";
    await post('/portfolios', { name: formula });
    await post('/portfolios', { name: "'@quoted" });
    await commit({
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [
        row(1, { instrument: { ...NOVO, name: '+SUM(1,2)' }, portfolio: formula }),
        row(2, { instrument: { ...APPLE, name: '-2+3' }, portfolio: "'@quoted" }),
        row(3, { instrument: { isin: 'DK0010274414', name: '-5' } }),
      ],
    });
    const json = (await get('/export')).body as FormueExport;
    const csv = await send('GET', '/export?format=csv');
    const [header = [], ...data] = Papa.parse<string[]>(String(csv.body).trim()).data;
    const column = (name: string) => data.map((cells) => cells[header.indexOf(name)]);
    expect(column('portfolio')).toEqual([`'${formula}`, "''@quoted", 'Nordnet']);
    // A plain number is no formula: "-5" stays as it is.
    expect(column('investment')).toEqual(["'+SUM(1,2)", "'-2+3", '-5']);
    expect(readFormueCsv(header, data).rows).toEqual(formueExportRows(json));
  });
});

/** An export's content with its ids (and when it was made) left out, references by position. */
function withoutIds(data: {
  portfolios: { id: number }[];
  investments: { id: number; portfolio_id: number }[];
  events: { id: number; investment_id: number }[];
  prices: { id: number; investment_id: number }[];
  cash?: { id: number; portfolio_id: number }[];
  benchmark?: unknown;
}) {
  const portfolio = new Map(data.portfolios.map((p, i) => [p.id, i]));
  const investment = new Map(data.investments.map((p, i) => [p.id, i]));
  return {
    portfolios: data.portfolios.map(({ id: _id, ...rest }) => rest),
    investments: data.investments.map(({ id: _id, ...rest }) => ({
      ...rest,
      portfolio_id: portfolio.get(rest.portfolio_id),
    })),
    events: data.events.map(({ id: _id, ...rest }) => ({
      ...rest,
      investment_id: investment.get(rest.investment_id),
    })),
    prices: data.prices.map(({ id: _id, ...rest }) => ({
      ...rest,
      investment_id: investment.get(rest.investment_id),
    })),
    cash: data.cash?.map(({ id: _id, ...rest }) => ({
      ...rest,
      portfolio_id: portfolio.get(rest.portfolio_id),
    })),
    benchmark: data.benchmark,
  };
}

describe("the app's client (src/api)", () => {
  it('dry-runs, commits with a key, lists, refuses and undoes, exports both formats', async () => {
    const portfolio = await freshAccount();
    const calls = await (await appApi()).imports();
    const request = { portfolio_id: portfolio, source: 'nordnet' as const, rows: [row(1)] };
    expect((await calls.dryRunImport(request)).counts.imported).toBe(1);
    const done = await calls.commitImport(request, { idempotencyKey: 'client-key-0001' });
    if (!('committed' in done)) throw new Error('not committed');
    const again = await calls.commitImport(request, { idempotencyKey: 'client-key-0002' });
    expect(again).toMatchObject({ message: 'No row is new. Nothing was imported.' });
    expect((await calls.listImports()).map((b) => b.id)).toEqual([done.committed.id]);
    const exported = await calls.exportData('json');
    expect(exported.format === 'json' && exported.data.events).toHaveLength(1);
    const csv = await calls.exportData('csv');
    expect(csv.format === 'csv' && csv.text.startsWith('id,portfolio,')).toBe(true);
    expect(await calls.undoImport(done.committed.id)).toEqual({ undone: true });
    expect(await calls.listImports()).toEqual([]);
  });
});
