// Day on a weekend (issue 40, item 1): a server of its own whose clock and fake market's stand on
// Sunday 29 November 2026, whose exchanges last traded on Friday. A stock's portfolio, its row and
// its screens say the change is since Thursday's close; a coin, which trades every day, keeps the
// past 24 hours, and so does the total that holds it.
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startFakeMarket, type FakeMarket } from '../../fake-market/server';
import { Browser } from '../../server/browser';
import { liveMarketAt, startQuietServer } from '../../server/quiet-server';
import { expect, LOGIN_LABELS, logIn, test } from '../fixtures';

/** Sunday noon; Friday 2026-11-27 was the last session, Thursday's close is before it. */
const SUNDAY = Date.parse('2026-11-29T12:00:00Z');
const IDA = { email: 'ida@example.com', password: 'secret-password' };

let fake: FakeMarket;
let app: FastifyInstance;
let origin: string;

test.use({ timezoneId: 'Europe/Copenhagen' });

test.beforeAll(async () => {
  fake = await startFakeMarket({ now: () => SUNDAY, ratesFrom: '2026-01-02' });
  ({ app, origin } = await startQuietServer(
    'sqlite::memory:',
    { market: liveMarketAt(fake.url), appRoot: resolve('dist-live') },
    { now: () => SUNDAY },
  ));
  const browser = new Browser(origin);
  expect((await browser.register(IDA.email)).status).toBe(200);
  for (const [portfolio, isin, type, currency, price] of [
    ['Stocks', 'DK0062498333', 'stock', 'DKK', 400],
    ['Coins', 'BTC', 'crypto', 'USD', 60000],
  ] as const) {
    const created = await browser.json('POST', '/api/v1/portfolios', { name: portfolio });
    const bought = await browser.buyNew(created.body.data.id, {
      isin,
      type,
      currency,
      price,
      shares: 1,
    });
    expect(bought.status).toBe(201);
  }
});

test.afterAll(async () => {
  await app?.close();
  await fake?.close();
});

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: SUNDAY });
  await page.goto(origin);
});

test('a stock’s Day on a Sunday says since Thursday’s close; a coin’s the past 24 hours', async ({
  page,
}) => {
  await logIn(page, IDA);
  const total = page.getByRole('region', { name: 'Total value' });
  await expect(total.getByText('past 24 hours')).toBeVisible();

  const portfolios = page.getByRole('table', { name: 'Portfolios' });
  const stocks = portfolios.getByRole('row', { name: /Stocks/ });
  const coins = portfolios.getByRole('row', { name: /Coins/ });
  await expect(stocks.getByText('since Thu 26 Nov close')).toBeVisible();
  await expect(coins).toBeVisible();
  await expect(coins.getByText(/^since/)).toHaveCount(0);

  await stocks.getByRole('link', { name: 'Stocks' }).click();
  await expect(total.getByText('since Thu 26 Nov close')).toBeVisible();
  // Friday's session moved the price: no flat 0.00.
  await expect(total.getByText('0.00 (0.00 %)')).toHaveCount(0);

  await page.getByRole('table', { name: 'Investments' }).getByRole('link').first().click();
  await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible();
  await expect(total.getByText('since Thu 26 Nov close')).toBeVisible();
});

test.describe('in Danish', () => {
  test.use({ locale: 'da-DK' });

  test('says since which close in Danish', async ({ page }) => {
    await logIn(page, IDA, LOGIN_LABELS.da);
    const portfolios = page.getByRole('table', { name: 'Porteføljer' });
    const stocks = portfolios.getByRole('row', { name: /Stocks/ });
    await expect(stocks.getByText('siden lukning tors. 26. nov.')).toBeVisible();
    await stocks.getByRole('link', { name: 'Stocks' }).click();
    const total = page.getByRole('region', { name: 'Samlet værdi' });
    await expect(total.getByText('siden lukning tors. 26. nov.')).toBeVisible();
  });
});
