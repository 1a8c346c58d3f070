// A split never changes a holding's value by itself: prices from it on are the market's divided by
// the split's ratio, and earlier ones stay the market's (decisions.md section 2), through the
// app's API client.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../../src/api';
import type { ChartPoint } from '../../../src/domain/types';
import { loginAsDemo, NOW, setCookie, startServer, plainSplit, appApi } from '../support';

const HOUR = 3_600_000;
const BOUGHT = NOW - 30 * HOUR;
const SPLIT = NOW - 2 * HOUR;
/** The market's price, which knows nothing of the split: the quote before it. */
const PRICE = 60;

interface Holding {
  api: Api;
  id: string;
  /** Moves the server's time; logs in again, as a session idle that long has expired. */
  setClock: (t: number) => Promise<void>;
}

/** A fresh account holding 10 bought at 100 at BOUGHT; `setClock` moves the server's time. */
async function tenShares(): Promise<Holding> {
  let clock = BOUGHT;
  startServer({ now: () => clock, prices: () => PRICE });
  const api = await appApi();
  await api.initCsrf();
  await api.register({ name: 'Splits', email: 'splits@example.com', password: 'long-enough' });
  const portfolio = await api.createPortfolio({ name: 'Splits' }, { validateOnly: false });
  const investment = await api.createInvestment(
    {
      investment: { portfolio_id: portfolio?.id ?? '', name: 'Novo Nordisk B' },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: { shares: 10, share_price: 100, fee: 0, currency_code: 'DKK' },
    },
    { validateOnly: false },
  );
  if (!investment) throw new Error('no investment created');
  const setClock = async (time: number) => {
    clock = time;
    await api.login({ email: 'splits@example.com', password: 'long-enough' });
  };
  return { api, id: investment.id, setClock };
}

/** Records a 2:1 split to 20 shares at the server's time. */
async function split2to1({ api, id }: Holding): Promise<void> {
  await api.createEvent(id, 'split', plainSplit(20));
}

/** The holding of `tenShares`, split 2:1 at SPLIT, with the clock at NOW. */
async function splitHolding(): Promise<Holding> {
  const holding = await tenShares();
  await holding.setClock(SPLIT);
  await split2to1(holding);
  await holding.setClock(NOW);
  return holding;
}

const valueAt = (chart: ChartPoint[], time: number) =>
  chart.find((p) => Date.parse(p.time) === time)?.value;

describe('split-adjusted prices', () => {
  it('keeps shares and costs, and the value just before and just after the split', async () => {
    const { api, id, setClock } = await splitHolding();
    setCookie('selected_period', 'Day');
    const stats = await api.getInvestmentStats(id);
    // 20 shares at half the market's 60.
    expect(stats).toMatchObject({ shares: 20, costs: 1000, unrealised: -400 });
    // Over a day holding only the split: no change.
    expect((await api.getValuation()).value).toEqual({ value: 600, change: 0, changeRatio: 0 });
    await setClock(SPLIT - 1);
    expect((await api.getValuation()).value.value).toBe(600);
    await setClock(SPLIT + 1);
    expect((await api.getValuation()).value.value).toBe(600);
  });

  it("never moves today's value when the split is recorded now", async () => {
    const holding = await tenShares();
    await holding.setClock(NOW);
    setCookie('selected_period', 'Day');
    const before = (await holding.api.getValuation()).value;
    expect(before.value).toBe(600);
    await split2to1(holding);
    expect((await holding.api.getValuation()).value).toEqual(before);
    expect(await holding.api.getInvestmentStats(holding.id)).toMatchObject({
      shares: 20,
      unrealised: -400,
    });
  });

  it('draws no jump at the split', async () => {
    const { api, id } = await splitHolding();
    setCookie('selected_period', 'Day');
    const chart = (await api.getChart('investment', id)).points;
    // Day points every 5 minutes from a day ago: the split's time is one of them.
    expect(valueAt(chart, SPLIT - 5 * 60_000)).toBe(600);
    expect(valueAt(chart, SPLIT)).toBe(600);
    expect(new Set(chart.map((p) => p.value))).toEqual(new Set([600]));
  });

  it('draws the demo NVIDIA holding without doubling at its 2:1 split', async () => {
    startServer();
    const api = await appApi();
    await loginAsDemo();
    setCookie('selected_period', 'Forever');
    const split = (await api.getEvents()).find((e) => e.type === 'split');
    expect(split).toMatchObject({ stock_name: 'NVIDIA' });
    const splitTime = Date.parse(split?.date ?? '');
    const chart = (await api.getChart('investment', split?.investment_id ?? '')).points;
    const after = chart.findIndex((p) => Date.parse(p.time) >= splitTime);
    // Weekly points; the demo has no other event within weeks of the split.
    const [before, at] = [chart[after - 1].value, chart[after].value];
    expect(before).toBeGreaterThan(0);
    expect(at / before).toBeGreaterThan(0.8);
    expect(at / before).toBeLessThan(1.25);
    // The pre-split buy was at the pre-split quote: worth about what the chart shows a week on.
    const [buy] = (await api.getEvents())
      .filter((e) => e.stock_name === 'NVIDIA' && e.type === 'buy')
      .slice(-1);
    expect(Date.parse(buy.date)).toBeLessThan(splitTime);
    expect(chart[1].value / buy.total_value).toBeGreaterThan(0.8);
    expect(chart[1].value / buy.total_value).toBeLessThan(1.25);
  });
});
