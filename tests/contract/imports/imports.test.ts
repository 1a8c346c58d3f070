// Broker imports on both backends: a dry run's verdict per row, a commit of all rows or none, and
// duplicates on a re-import.
import { describe, expect, it } from 'vitest';
import { get, post, registerFresh, send } from '../support';
import type { ImportRow } from '../../../src/domain/import/rows';
import { APPLE, NOVO, commit, dryRun, freshAccount, investments, row } from './import-rows';

const statuses = (report: { rows: { status: string }[] }) => report.rows.map((r) => r.status);

describe('POST /api/v1/imports', () => {
  it('a dry run reports every row with its status and field messages, and writes nothing', async () => {
    const portfolio = await freshAccount();
    const answer = await dryRun({
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [
        row(1),
        row(2, { kind: 'sell', shares: 50, date: '2024-02-01' }),
        row(3, { date: '2024-02-30' }),
        row(4, { instrument: { name: 'Nowhere Inc' } }),
        row(5, { kind: 'dividend', shares: undefined, amount: 25, date: '2024-03-01' }),
      ],
    });
    expect(answer.status).toBe(200);
    expect(statuses(answer.body)).toEqual(['ok', 'error', 'error', 'error', 'ok']);
    expect(answer.body.rows[1].errors).toEqual({
      shares: ['The shares field must not be greater than 10, the shares held on 2024-02-01.'],
    });
    expect(answer.body.rows[2].errors).toEqual({
      date: ['The date field must match the format Y-m-d.'],
    });
    expect(answer.body.rows[3].errors).toEqual({
      'instrument.isin': ['The instrument.isin field is required.'],
    });
    expect(answer.body.counts).toEqual({ imported: 2, duplicates: 0, skipped: 0, errors: 3 });
    expect(await investments()).toEqual([]);
  });

  it("keeps a dividend's own currency, gross amount and tax withheld, refusing more tax than dividend", async () => {
    const portfolio = await freshAccount();
    const dividend = (line: number, extra: Partial<ImportRow>) =>
      row(line, {
        kind: 'dividend',
        date: '2024-03-01',
        shares: undefined,
        share_price: undefined,
        amount: 1,
        currency_code: 'USD',
        exchange_rate: 6.9,
        withholding_tax: 0.15,
        ...extra,
      });
    const refused = await dryRun({
      portfolio_id: portfolio,
      source: 'ibkr',
      rows: [dividend(1, {}), dividend(2, { withholding_tax: 1.5 })],
    });
    expect(statuses(refused.body)).toEqual(['ok', 'error']);
    expect(refused.body.rows[1].errors).toEqual({
      withholding_tax: ['The withholding tax field must be less than or equal to 1.'],
    });
    const done = await commit({ portfolio_id: portfolio, source: 'ibkr', rows: [dividend(1, {})] });
    expect(done.status).toBe(201);
    const [investment] = await investments();
    const listed = (await get('/investments/events')).body;
    const [event] = listed.events as { id: number; total_value: number; withholding_tax: number }[];
    expect(investment?.name).toBe(NOVO.name);
    expect(event?.total_value).toBeCloseTo(6.9, 8);
    expect(event?.withholding_tax).toBeCloseTo(1.035, 8);
    expect((await get(`/investments/events/${event?.id}`)).body.event).toMatchObject({
      amount: 1,
      currency_code: 'USD',
      exchange_rate: 6.9,
      withholding_tax: 0.15,
    });
  });

  it('commits all rows in one step, or none when any row has an error', async () => {
    const portfolio = await freshAccount();
    const rows = [row(1), row(2, { kind: 'sell', shares: 50, date: '2024-02-01' })];
    const refused = await commit({ portfolio_id: portfolio, source: 'nordnet', rows });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('1 row has errors. Nothing was imported.');
    expect(statuses(refused.body)).toEqual(['ok', 'error']);
    expect(await investments()).toEqual([]);

    const done = await commit({ portfolio_id: portfolio, source: 'nordnet', rows: [rows[0]] });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({
      portfolio_id: portfolio,
      source: 'nordnet',
      events: 1,
      counts: { imported: 1, duplicates: 0, skipped: 0, errors: 0 },
    });
    expect(await investments()).toMatchObject([{ name: 'Novo Nordisk B', shares: 10 }]);
  });

  it('imports two identical fills, and the same file again is all duplicates', async () => {
    const portfolio = await freshAccount();
    const file = { portfolio_id: portfolio, source: 'generic', rows: [row(1), row(2)] };
    expect((await commit(file)).status).toBe(201);
    expect((await investments())[0].shares).toBe(20);
    const again = await dryRun(file);
    expect(statuses(again.body)).toEqual(['duplicate', 'duplicate']);
    const refused = await commit(file);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('No row is new. Nothing was imported.');
    // A third identical fill in a longer file is new; forcing a duplicate imports it.
    const longer = await dryRun({ ...file, rows: [row(1), row(2), row(3)] });
    expect(statuses(longer.body)).toEqual(['duplicate', 'duplicate', 'ok']);
    const forced = await commit({ ...file, rows: [row(1, { force: true }), row(2)] });
    expect(forced.body.data.counts).toEqual({ imported: 1, duplicates: 1, skipped: 0, errors: 0 });
    expect((await investments())[0].shares).toBe(30);
  });

  it("finds duplicates by the broker's id, in every portfolio of the user", async () => {
    const portfolio = await freshAccount();
    const file = {
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [row(1, { external_id: 'A1' }), row(2, { external_id: 'A2' })],
    };
    expect((await commit(file)).status).toBe(201);
    const again = await dryRun({
      ...file,
      rows: [row(1, { external_id: 'A1', shares: 5 }), row(2, { external_id: 'A3' })],
    });
    // The id decides, whatever the figures; a new id with the figures of an event is a warning.
    expect(statuses(again.body)).toEqual(['duplicate', 'warning']);
    const twice = await dryRun({
      ...file,
      rows: [row(1, { external_id: 'B' }), row(2, { external_id: 'B' })],
    });
    expect(twice.body.rows[1].errors).toEqual({
      external_id: ['The external id is the same as on line 1.'],
    });
    // The same file into another portfolio, or a new one, is the same trades again.
    const other = (await post('/portfolios', { name: 'Saxo' })).body.data.id;
    const elsewhere = await dryRun({ ...file, portfolio_id: other });
    expect(statuses(elsewhere.body)).toEqual(['duplicate', 'duplicate']);
    const { portfolio_id: _, ...byName } = file;
    const fresh = await dryRun({ ...byName, portfolio_name: 'Nordnet depot' });
    expect(statuses(fresh.body)).toEqual(['duplicate', 'duplicate']);
    // Another broker's ids are its own.
    expect(statuses((await dryRun({ ...file, source: 'saxo' })).body)).toEqual([
      'warning',
      'warning',
    ]);
  });

  it('finds duplicates of a file without ids in every portfolio of the user', async () => {
    const portfolio = await freshAccount();
    const file = { portfolio_id: portfolio, source: 'generic', rows: [row(1), row(2)] };
    expect((await commit(file)).status).toBe(201);
    const other = (await post('/portfolios', { name: 'Saxo' })).body.data.id;
    const again = await dryRun({ ...file, portfolio_id: other, rows: [row(1), row(2), row(3)] });
    expect(statuses(again.body)).toEqual(['duplicate', 'duplicate', 'ok']);
    expect(
      statuses((await dryRun({ ...file, portfolio_id: undefined, portfolio_name: 'New' })).body),
    ).toEqual(['duplicate', 'duplicate']);
  });

  it('computes a split from its ratio and the shares held that day', async () => {
    const portfolio = await freshAccount();
    const answer = await commit({
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [
        row(1),
        {
          ...row(2, { kind: 'split', date: '2024-03-01', split_from: 1, split_to: 4 }),
          shares: undefined,
          share_price: undefined,
        },
      ],
    });
    expect(answer.status).toBe(201);
    expect((await investments())[0].shares).toBe(40);
    const split = (await get('/investments/events')).body.events.find(
      (e: { type: string }) => e.type === 'split',
    );
    expect(split).toMatchObject({ from_shares: 10, to_shares: 40 });
  });

  it("values a foreign trade at the broker's rate kept on the event", async () => {
    const portfolio = await freshAccount();
    await commit({
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [
        row(1, {
          instrument: APPLE,
          shares: 1,
          share_price: 100,
          currency_code: 'USD',
          exchange_rate: 7,
        }),
      ],
    });
    const [apple] = await investments();
    expect((await get(`/investments/${apple.id}/stats`)).body.statistics.costs).toBe(700);
    const [event] = (await get('/investments/events')).body.events;
    expect((await get(`/investments/events/${event.id}`)).body.event.exchange_rate).toBe(7);
  });

  it('creates the portfolio it is given by name, and typed prices from price rows', async () => {
    await freshAccount();
    const answer = await commit({
      portfolio_name: 'Imported',
      source: 'generic',
      file_name: 'transactions.csv',
      rows: [
        row(1),
        row(2, { kind: 'price', date: '2024-01-05', share_price: 120, shares: undefined }),
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.file_name).toBe('transactions.csv');
    const portfolios = (await get('/portfolios')).body.portfolios;
    expect(portfolios.map((p: { name: string }) => p.name)).toEqual(['Nordnet', 'Imported']);
    const [novo] = await investments();
    const prices = (await get(`/investments/${novo.id}/prices?from=2024-01-05&to=2024-01-05`)).body
      .prices;
    expect(prices).toEqual([
      { date: '2024-01-05', price: 120, currency_code: 'DKK', source: 'manual' },
    ]);
  });

  it('answers a retried commit with the first answer, and imports once', async () => {
    const portfolio = await freshAccount();
    const file = { portfolio_id: portfolio, source: 'nordnet', rows: [row(1)] };
    const [first, second] = await Promise.all([
      commit(file, 'import-key-0001'),
      commit(file, 'import-key-0001'),
    ]);
    expect([first.status, second.status].sort()).toEqual(
      first.status === second.status ? [201, 201] : [201, 409],
    );
    const retried = await commit(file, 'import-key-0001');
    expect(retried.status).toBe(201);
    expect(retried.body.data.id).toBe((first.status === 201 ? first : second).body.data.id);
    expect((await get('/imports')).body.imports).toHaveLength(1);
    expect((await investments())[0].shares).toBe(10);
  });

  it('refuses a body over 10 MB with 413 and the limit', async () => {
    const portfolio = await freshAccount();
    const big = JSON.stringify({
      portfolio_id: portfolio,
      source: 'generic',
      rows: [],
      padding: 'x'.repeat(10 * 1024 * 1024),
    });
    const answer = await send('POST', '/imports', {
      body: big,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'The import may be at most 10 MB.' });
  });

  it("books an instrument's rows onto the investment the user chose, or a new one", async () => {
    const portfolio = await freshAccount();
    await commit({ portfolio_id: portfolio, source: 'generic', rows: [row(1)] });
    const [novo] = await investments();
    // Another name and ISIN than the holding's: only the user's choice puts it there.
    const renamed = { isin: 'DK0060534915', name: 'Novo B (old line)' };
    const chosen = await commit({
      portfolio_id: portfolio,
      source: 'generic',
      rows: [row(1, { instrument: renamed, date: '2024-01-03', investment_id: novo.id })],
    });
    expect(chosen.status).toBe(201);
    expect(await investments()).toEqual([expect.objectContaining({ id: novo.id, shares: 20 })]);
    // "New investment" for an instrument the portfolio holds: a second investment.
    const fresh = await commit({
      portfolio_id: portfolio,
      source: 'generic',
      rows: [row(1, { date: '2024-01-04', investment_id: null })],
    });
    expect(fresh.status).toBe(201);
    const after = await investments();
    expect(after.map((i) => i.shares)).toEqual([20, 10]);
  });

  it("refuses a chosen investment of another portfolio or another user's", async () => {
    const mine = await freshAccount();
    await commit({ portfolio_id: mine, source: 'generic', rows: [row(1)] });
    const [novo] = await investments();
    const other = Number((await post('/portfolios', { name: 'Saxo' })).body.data.id);
    const elsewhere = await dryRun({
      portfolio_id: other,
      source: 'generic',
      rows: [row(1, { investment_id: novo.id })],
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.rows[0].errors).toEqual({
      investment_id: ['The selected investment id is invalid.'],
    });
    await registerFresh();
    const stranger = Number((await post('/portfolios', { name: 'Mine' })).body.data.id);
    const refused = await commit({
      portfolio_id: stranger,
      source: 'generic',
      rows: [row(1, { investment_id: novo.id })],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.rows[0].errors).toEqual({
      investment_id: ['The selected investment id is invalid.'],
    });
    expect(await investments()).toEqual([]);
  });

  it("refuses a control character in the file name or a row's external id, never storing it", async () => {
    const portfolio = await freshAccount();
    const named = await dryRun({
      portfolio_id: portfolio,
      source: 'nordnet',
      file_name: 'nordnet\u0000.csv',
      rows: [row(1)],
    });
    expect(named.status).toBe(422);
    expect(named.body.errors).toEqual({
      file_name: ['The file name field must not contain control characters.'],
    });
    const body = {
      portfolio_id: portfolio,
      source: 'nordnet',
      rows: [row(1, { external_id: 'trade\u00001' })],
    };
    const checked = await dryRun(body);
    expect(statuses(checked.body)).toEqual(['error']);
    expect(checked.body.rows[0].errors).toEqual({
      external_id: ['The external id field must not contain control characters.'],
    });
    expect((await commit(body)).status).toBe(422);
    expect(await investments()).toEqual([]);
  });

  it('needs a portfolio, a source and rows', async () => {
    await freshAccount();
    const answer = await commit({ source: 'paper' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      portfolio_id: ['The portfolio id field is required when portfolio name is not present.'],
      source: ['The selected source is invalid.'],
      rows: ['The rows field is required.'],
    });
  });
});
