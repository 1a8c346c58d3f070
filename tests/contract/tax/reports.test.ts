// The tax year (issue 39): portfolio kinds, tax classes, tax settings and the year report with its
// CSV, on a history spanning two brokers and an aktiesparekonto, checked against a hand
// calculation by the average method.
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../src/domain/market';
import { get, patch, post, put, registerFresh, send, startServer } from '../support';

/** Prices fixed by year: the year-end closes the yearly gains use. */
const YEAR_ENDS: Record<string, [number, number, number]> = {
  // Sparindex Globale Aktier (a Danish fund, not on the shipped ABIS list): end 2024, 2025, later.
  DK0060005254: [150, 180, 200],
  // Novo Nordisk B in the aktiesparekonto.
  DK0062498333: [1000, 1100, 1200],
};
const prices = (instrument: Instrument, time: number) => {
  const [first, second, later] = YEAR_ENDS[instrument.code] ?? [1000, 1000, 1000];
  if (time < Date.UTC(2025, 0, 1)) return first;
  return time < Date.UTC(2026, 0, 1) ? second : later;
};

async function portfolio(name: string, kind?: string): Promise<number> {
  const answer = await post('/portfolios', kind ? { name, kind } : { name });
  expect(answer.status).toBe(201);
  return Number(answer.body.data.id);
}

const trade = (date: string, shares: number, share_price: number, fee = 0) => ({
  date,
  shares,
  share_price,
  fee,
  currency_code: 'DKK',
});

async function holding(portfolioId: number, isin: string, buy: ReturnType<typeof trade>) {
  const answer = await post('/investments', {
    investment: { portfolio_id: portfolioId, name: isin },
    instrument: { type: 'stock', isin },
    buy_event: buy,
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id as number;
}

async function event(id: number, kind: string, body: object) {
  const answer = await post(`/investments/${id}/events/${kind}`, body);
  if (answer.status >= 300) throw new Error(JSON.stringify(answer.body));
}

/** Danske Bank at two brokers, a fund at one, Novo in an aktiesparekonto. */
async function history() {
  startServer({ prices });
  await registerFresh();
  const nordnet = await portfolio('Nordnet');
  const saxo = await portfolio('Saxo');
  const ask = await portfolio('Aktiesparekonto', 'aktiesparekonto');
  const danskeNordnet = await holding(nordnet, 'DK0010274414', trade('2025-01-10', 50, 1000));
  await holding(saxo, 'DK0010274414', trade('2025-02-10', 50, 2000));
  await event(danskeNordnet, 'sell', trade('2025-03-10', 25, 1800));
  await event(danskeNordnet, 'dividend', { date: '2025-04-01', amount: 500, currency_code: 'DKK' });
  const fund = await holding(nordnet, 'DK0060005254', trade('2024-06-01', 10, 100));
  await holding(ask, 'DK0062498333', trade('2025-03-01', 100, 1000));
  return { nordnet, saxo, ask, fund, danskeNordnet };
}

describe('portfolio kinds', () => {
  it('are accepted when creating and updating a portfolio, and returned', async () => {
    startServer();
    await registerFresh();
    const free = await portfolio('Nordnet');
    const ask = await portfolio('ASK', 'aktiesparekonto');
    const { portfolios } = (await get('/portfolios')).body;
    expect(portfolios.map((p: { kind: string }) => p.kind)).toEqual(['free', 'aktiesparekonto']);
    const updated = await patch(`/portfolios/${free}`, { name: 'Pension', kind: 'pension' });
    expect(updated.body.data).toMatchObject({ name: 'Pension', kind: 'pension' });
    const renamed = await patch(`/portfolios/${ask}`, { name: 'My ASK' });
    expect(renamed.body.data.kind).toBe('aktiesparekonto');
  });

  it('refuses an unknown kind with a field error', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', { name: 'X', kind: 'isk' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ kind: ['The selected kind is invalid.'] });
  });
});

describe('tax classes', () => {
  it('follow the rules until the user overrides them with a reason', async () => {
    const { fund } = await history();
    expect((await get(`/investments/${fund}/tax-class`)).body.tax_class).toEqual({
      year: 2026,
      taxation: 'yearly',
      income: 'capital',
      basis: 'no-abis-list',
      reason: null,
    });
    const override = { taxation: 'realisation', income: 'share', reason: 'Udloddende dansk fond' };
    const set = await put(`/investments/${fund}/tax-class`, override);
    expect(set.body.tax_class).toMatchObject({ ...override, basis: 'user' });
    const report = (await get('/reports/2025')).body.report;
    expect(report.totals.lager_capital_income).toBe(0);
    expect((await send('DELETE', `/investments/${fund}/tax-class`)).status).toBe(204);
    expect((await get(`/investments/${fund}/tax-class`)).body.tax_class.basis).toBe('no-abis-list');
  });

  it('refuses a class without a reason', async () => {
    const { fund } = await history();
    const answer = await put(`/investments/${fund}/tax-class`, {
      taxation: 'yearly',
      income: 'stock',
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['income', 'reason']);
  });
});

describe('GET /reports/{year}', () => {
  it('matches the hand calculation for 2025', async () => {
    const { nordnet, saxo, ask } = await history();
    const answer = await get('/reports/2025');
    expect(answer.status).toBe(200);
    const { report } = answer.body;
    expect(report.year).toBe(2025);
    expect(report.totals).toEqual({
      // skat.dk's example across two brokers: 25 × 1,800 − 25 × 1,500.
      realised: 7500,
      dividends: 500,
      withholding_tax: 0,
      fees: 0,
      lager_share_income: 0,
      // The fund held all year: 10 × (180 − 150).
      lager_capital_income: 300,
      // Bought at 100,000, worth 110,000 at the end of 2025; 17 % of it.
      aktiesparekonto_gain: 10000,
      aktiesparekonto_tax: 1700,
      share_income: 8000,
      share_income_tax: 2160,
      capital_income: 300,
    });
    expect(report.rules).toMatchObject({
      share_income_limit: 67500,
      married: false,
      low_rate: 0.27,
      high_rate: 0.42,
      aktiesparekonto_ceiling: 166200,
      estimate: false,
      until: '2025-12-31',
    });
    expect(report.boxes).toEqual([
      { box: '61-63', amount: 500 },
      { box: '66', amount: 7500 },
      { box: '38', amount: 300 },
    ]);
    const byId = new Map(report.portfolios.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(nordnet)).toMatchObject({ kind: 'free', realised: 7500, dividends: 500 });
    expect(byId.get(saxo)).toMatchObject({ kind: 'free', realised: 0, lines: [] });
    const sale = (byId.get(nordnet) as { lines: { type: string }[] }).lines.find(
      (l) => l.type === 'realised',
    );
    expect(sale).toMatchObject({
      date: '2025-03-10',
      shares: 25,
      proceeds: 45000,
      cost: 37500,
      average_cost: 1500,
      amount: 7500,
      box: '66',
    });
    const yearly = (byId.get(nordnet) as { lines: { type: string }[] }).lines.find(
      (l) => l.type === 'yearly',
    );
    expect(yearly).toMatchObject({
      case: 'held',
      start: { date: '2024-12-31', shares: 10, price_dkk: 150, value: 1500 },
      end: { date: '2025-12-31', shares: 10, price_dkk: 180, value: 1800 },
      amount: 300,
      box: '38',
    });
    expect(byId.get(ask)).toMatchObject({
      kind: 'aktiesparekonto',
      unrealised_taxed: 10000,
      aktiesparekonto: {
        ceiling: 166200,
        value_last_year_end: 0,
        net_deposits: 100000,
        room: 66200,
        tax: 1700,
      },
    });
  });

  it("gives the aktiesparekonto's room from last year's end value, and doubles the limit for a married couple", async () => {
    const { ask } = await history();
    expect((await put('/tax-settings', { married: true })).body.settings).toEqual({
      married: true,
    });
    const { report } = (await get('/reports/2026')).body;
    expect(report.rules).toMatchObject({
      share_income_limit: 158800,
      married: true,
      estimate: true,
      until: '2026-11-02',
    });
    const account = report.portfolios.find((p: { id: number }) => p.id === ask);
    expect(account.aktiesparekonto).toMatchObject({
      value_last_year_end: 110000,
      room: 64200,
      gain: 10000,
    });
  });

  it('downloads as CSV', async () => {
    await history();
    const answer = await get('/reports/2025.csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = String(answer.body);
    expect(text).toMatch(/^section,portfolio,portfolio_kind,type,box/);
    expect(text).toContain('total,,,realised,,,,,,7500');
    expect(text).toContain(
      'line,Nordnet,free,realised,66,DK0010274414,DK0010274414,share,2025-03-10,7500',
    );
  });

  it.each(['2023', '2027', 'abc', '2025.pdf'])(
    'refuses the year %s with a field error',
    async (year) => {
      startServer();
      await registerFresh();
      const answer = await get(`/reports/${year}`);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['year']);
    },
  );

  it('gives the new figures of a past year after each change made since it was read', async () => {
    const { nordnet, fund, danskeNordnet: danske } = await history();
    const totals = async () => {
      const { totals: figures } = (await get('/reports/2025')).body.report as {
        totals: Record<string, number>;
      };
      return figures;
    };
    expect(await totals()).toMatchObject({ realised: 7500, lager_capital_income: 300 });
    // 25 more of the 75 left at 1,500 each, sold at 1,900 in the year: 10,000 more gain.
    await event(danske, 'sell', trade('2025-06-10', 25, 1900));
    expect(await totals()).toMatchObject({ realised: 17500 });
    // A typed price for 31 December wins: 10 × (190 − 150).
    await post(`/investments/${fund}/prices`, {
      date: '2025-12-31',
      price: 190,
      currency_code: 'DKK',
    });
    expect(await totals()).toMatchObject({ lager_capital_income: 400 });
    await put(`/investments/${fund}/tax-class`, {
      taxation: 'realisation',
      income: 'share',
      reason: 'Udloddende',
    });
    expect(await totals()).toMatchObject({ lager_capital_income: 0 });
    await put('/tax-settings', { married: true });
    expect((await get('/reports/2025')).body.report.rules.share_income_limit).toBe(135000);
    await patch(`/portfolios/${nordnet}`, { name: 'Nordnet', kind: 'pension' });
    expect(await totals()).toMatchObject({ realised: 0 });
  });

  it("holds only the user's own records", async () => {
    await history();
    await registerFresh();
    const { report } = (await get('/reports/2025')).body;
    expect(report.portfolios).toEqual([]);
    expect(report.totals.realised).toBe(0);
  });
});

describe("Formue's export", () => {
  it("carries the portfolios' kinds and the investments' tax class overrides", async () => {
    const { ask, fund } = await history();
    const override = { taxation: 'yearly', income: 'share', reason: 'On ABIS from 2026' };
    await put(`/investments/${fund}/tax-class`, override);
    const data = (await get('/export')).body;
    expect(data.portfolios.find((p: { id: number }) => p.id === ask).kind).toBe('aktiesparekonto');
    const investments = data.investments as { id: number; tax_class: unknown }[];
    expect(investments.find((i) => i.id === fund)?.tax_class).toEqual(override);
    expect(investments.filter((i) => i.tax_class === null)).toHaveLength(investments.length - 1);
  });
});
