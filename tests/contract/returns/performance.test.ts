// Returns of the user, a portfolio and an investment (docs/returns.md), on both backends.
import { describe, expect, it } from 'vitest';
import { get, loginAsDemo, post, registerFresh, setCookie, startServer } from '../support';

type Figures = Record<string, number>;

/** A holding bought, paid a dividend (tax withheld) and partly sold in 2026 (NOW is 2026-11-02). */
async function holdingOf2026() {
  const portfolio = await post('/portfolios', { name: 'Returns' });
  const created = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: { shares: 10, share_price: 100, fee: 5, currency_code: 'DKK', date: '2026-03-02' },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  const dividend = { amount: 30, withholding_tax: 8.1, currency_code: 'DKK', date: '2026-06-01' };
  expect((await post(`/investments/${id}/events/dividend`, dividend)).status).toBe(201);
  const sale = { shares: 4, share_price: 120, fee: 2, currency_code: 'DKK', date: '2026-08-03' };
  expect((await post(`/investments/${id}/events/sell`, sale)).status).toBe(201);
  return { portfolioId: portfolio.body.data.id as number, investmentId: id as number };
}

describe('GET …/performance', () => {
  it('a calendar year: what it earned, its dividends and fees, TWR, IRR and months', async () => {
    startServer();
    await registerFresh();
    const { portfolioId, investmentId } = await holdingOf2026();
    const answer = await get('/user/performance?year=2026');
    expect(answer.status).toBe(200);
    const { performance } = answer.body;
    expect(Object.keys(performance).sort()).toEqual(
      [
        'annualised',
        // The default benchmark's (tests/contract/returns/benchmark.test.ts).
        'benchmark',
        'dividends',
        'fees',
        'from',
        'irr',
        'monthly',
        'to',
        'total_return',
        'twr',
        'withholding_tax',
      ].sort(),
    );
    expect(performance).toMatchObject({
      from: '2026-01-01',
      to: '2026-11-02',
      // Gross, with the tax withheld of it on its own.
      dividends: 30,
      withholding_tax: 8.1,
      fees: 7,
      annualised: false,
    });
    const { value } = (await get('/investments')).body.investments[0];
    // End value − money in (the buy and its fee) + money out (the sale less its fee, the dividend).
    expect(performance.total_return).toBeCloseTo(value - 1_005 + (480 - 2) + 30, 1);
    expect(performance.twr).toEqual(expect.any(Number));
    expect(performance.irr).toEqual(expect.any(Number));
    const months = performance.monthly as { month: string; twr: number | null }[];
    expect(months.map((m) => m.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months[0].twr).toBeNull();
    expect(months[2].twr).toEqual(expect.any(Number));
    // One holding: its portfolio's and its own returns are the user's.
    const ofPortfolio = await get(`/portfolios/${portfolioId}/performance?year=2026`);
    const ofInvestment = await get(`/investments/${investmentId}/performance?year=2026`);
    expect(ofPortfolio.body.performance).toEqual(performance);
    expect(ofInvestment.body.performance).toEqual(performance);
  });

  it('a year before anything was held: nothing earned, no TWR, no IRR', async () => {
    startServer();
    await registerFresh();
    await holdingOf2026();
    const { performance } = (await get('/user/performance?year=2025')).body;
    expect(performance).toMatchObject({
      from: '2025-01-01',
      to: '2025-12-31',
      total_return: 0,
      dividends: 0,
      fees: 0,
      twr: null,
      irr: null,
      annualised: false,
    });
  });

  it('follows the selected period as the valuation does; a day has no IRR', async () => {
    startServer();
    await registerFresh();
    await holdingOf2026();
    setCookie('selected_period', 'Week');
    expect((await get('/user/performance')).body.performance).toMatchObject({
      from: '2026-10-26',
      to: '2026-11-02',
      fees: 0,
      dividends: 0,
    });
    setCookie('selected_period', 'Forever');
    const forever = (await get('/user/performance')).body.performance;
    expect(forever).toMatchObject({ from: '2026-03-02', fees: 7, dividends: 30 });
    setCookie('selected_period', 'Day');
    const day = (await get('/user/performance')).body.performance;
    expect(day.irr).toBeNull();
    expect(day.twr).toEqual(expect.any(Number));
  });

  it('a write after an answer: the next answer has the new figures, its benchmark too', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await holdingOf2026();
    setCookie('selected_period', 'Forever');
    const monthsOf = (performance: { monthly: { month: string; twr: number | null }[] }) =>
      Object.fromEntries(performance.monthly.map((m) => [m.month, m.twr]));
    const before = (await get('/user/performance')).body.performance;
    expect(monthsOf(before)['2026-10']).toEqual(expect.any(Number));
    // Everything left sold back in August: nothing is invested from September on.
    const sale = { shares: 6, share_price: 110, fee: 3, currency_code: 'DKK', date: '2026-08-31' };
    expect((await post(`/investments/${investmentId}/events/sell`, sale)).status).toBe(201);
    const after = (await get('/user/performance')).body.performance;
    expect(after).toMatchObject({ from: '2026-03-02', fees: 10, dividends: 30 });
    expect(monthsOf(after)).toMatchObject({ '2026-09': null, '2026-10': null, '2026-11': null });
    // Bought for 1,005, sold for 478 and 657 after fees, and a dividend of 30.
    expect(after.total_return).toBeCloseTo(-1_005 + 478 + 657 + 30, 2);
    // The benchmark sold as much: it holds less than before.
    expect(after.benchmark.value).toBeLessThan(before.benchmark.value);
  });

  it('kept answers of several spans and groups: a write to any investment gives the new figures', async () => {
    startServer();
    await registerFresh();
    const { portfolioId, investmentId } = await holdingOf2026();
    const other = await post('/investments', {
      investment: { portfolio_id: portfolioId, name: 'Maersk' },
      instrument: { type: 'stock', isin: 'DK0010244508' },
      buy_event: { shares: 1, share_price: 900, fee: 4, currency_code: 'DKK', date: '2026-04-01' },
    });
    const otherId: number = other.body.data.id;
    const paths = [
      '/user/performance',
      `/portfolios/${portfolioId}/performance`,
      `/investments/${investmentId}/performance`,
      `/investments/${otherId}/performance`,
    ];
    /** Each path's answer for Forever, Year and 2026, asked twice (the second from what is kept). */
    const answers = async () => {
      const all: Figures[] = [];
      for (const span of ['Forever', 'Year', '2026']) {
        if (span !== '2026') setCookie('selected_period', span);
        for (const path of paths) {
          const query = span === '2026' ? '?year=2026' : '';
          const first = (await get(`${path}${query}`)).body.performance;
          expect((await get(`${path}${query}`)).body.performance).toEqual(first);
          all.push(first);
        }
      }
      return all;
    };
    const before = await answers();
    // A dividend of the first investment (which the kept groups are found by), then the other's.
    const dividend = { amount: 50, withholding_tax: 10, currency_code: 'DKK', date: '2026-09-01' };
    expect((await post(`/investments/${investmentId}/events/dividend`, dividend)).status).toBe(201);
    const first = await answers();
    expect((await post(`/investments/${otherId}/events/dividend`, dividend)).status).toBe(201);
    const second = await answers();
    // Paid out, the holdings' values unchanged: each answer counting it earned exactly 50 more.
    const counted = (index: number, paid: number[]) =>
      paid.includes(index % paths.length) ? 50 : 0;
    before.forEach((answer, index) => {
      const once = counted(index, [0, 1, 2]);
      const twice = once + counted(index, [0, 1, 3]);
      for (const [after, more] of [
        [first[index], once],
        [second[index], twice],
      ] as const) {
        expect(after.total_return).toBeCloseTo(answer.total_return + more, 2);
        expect(after.dividends).toBeCloseTo(answer.dividends + more, 2);
        expect(after.withholding_tax).toBeCloseTo(answer.withholding_tax + more / 5, 2);
      }
    });
  });

  it.each([
    ['abc', 'The year field must be 4 digits.'],
    ['1969', 'The year field must be at least 1970.'],
    ['2027', 'The year field must not be greater than 2026.'],
  ])('year=%s answers 422 on the year field', async (year, message) => {
    startServer();
    await registerFresh();
    const { portfolioId, investmentId } = await holdingOf2026();
    for (const path of [
      '/user/performance',
      `/portfolios/${portfolioId}/performance`,
      `/investments/${investmentId}/performance`,
    ]) {
      const answer = await get(`${path}?year=${year}`);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message, errors: { year: [message] } });
    }
  });

  it("another user's portfolio or investment is unknown: 404", async () => {
    startServer();
    await registerFresh();
    const { portfolioId, investmentId } = await holdingOf2026();
    await post('/auth/logout');
    await registerFresh();
    expect((await get(`/portfolios/${portfolioId}/performance`)).status).toBe(404);
    expect((await get(`/investments/${investmentId}/performance`)).status).toBe(404);
    expect((await get('/user/performance?year=2026')).body.performance.total_return).toBe(0);
  });

  it("the demo account: the user's money figures are the sum of its portfolios' and investments'", async () => {
    startServer();
    await loginAsDemo();
    const { portfolios } = (await get('/portfolios')).body;
    const { investments } = (await get('/investments')).body;
    const sum = (list: Figures[], key: string) => list.reduce((s, f) => s + f[key], 0);
    for (const query of ['', '?year=2025', '?year=2026']) {
      for (const period of ['Year', 'Forever']) {
        setCookie('selected_period', period);
        const user = (await get(`/user/performance${query}`)).body.performance;
        const parts = async (kind: string, ids: { id: number }[]) =>
          Promise.all(
            ids.map(
              async ({ id }) =>
                (await get(`/${kind}/${id}/performance${query}`)).body.performance as Figures,
            ),
          );
        const ofPortfolios = await parts('portfolios', portfolios);
        const ofInvestments = await parts('investments', investments);
        for (const key of ['total_return', 'dividends', 'withholding_tax', 'fees']) {
          expect(sum(ofPortfolios, key), `${key} ${query} ${period}`).toBeCloseTo(user[key], 0);
          expect(sum(ofInvestments, key), `${key} ${query} ${period}`).toBeCloseTo(user[key], 0);
        }
        expect(user.twr).toEqual(expect.any(Number));
      }
    }
  });
});
