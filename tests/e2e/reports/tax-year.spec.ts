// The tax year (issue 39) in the browser, on the demo and on the server (fake market): a history
// back-dated to 2025 over two brokers (two free portfolios) and an aktiesparekonto, brought in as
// Formue's own export (which carries the kinds); the year report's figures match skat.dk's
// average-method example by hand, its CSV downloads, and its print layout leaves the controls out.
import { Buffer } from 'node:buffer';
import { test, expect, register } from '../fixtures';

const DANSKE = 'DK0010274414';
const NOVO = 'DK0062498333';

const buy = (id: number, investment: number, date: string, shares: number, price: number) => ({
  id,
  investment_id: investment,
  kind: 'buy',
  date,
  currency_code: 'DKK',
  shares,
  share_price: price,
  fee: 0,
});

/** Danske Bank: 50 at 1,000 at Nordnet, 50 at 2,000 at Saxo, 25 sold at 1,800; Novo in the ASK. */
const EXPORT = {
  formue: { format: 'formue-export', version: 1, exported_at: '2026-01-05T10:00:00Z' },
  portfolios: [
    { id: 1, name: 'Nordnet', kind: 'free' },
    { id: 2, name: 'Saxo', kind: 'free' },
    { id: 3, name: 'Aktiesparekonto', kind: 'aktiesparekonto' },
  ],
  investments: [
    { id: 1, portfolio_id: 1, name: 'Danske Bank', type: 'stock', isin: DANSKE, listing: null },
    { id: 2, portfolio_id: 2, name: 'Danske Bank', type: 'stock', isin: DANSKE, listing: null },
    { id: 3, portfolio_id: 3, name: 'Novo Nordisk B', type: 'stock', isin: NOVO, listing: null },
  ],
  events: [
    buy(1, 1, '2025-01-10', 50, 1000),
    buy(2, 2, '2025-02-10', 50, 2000),
    buy(3, 3, '2025-03-01', 100, 1000),
    { ...buy(4, 1, '2025-03-10', 25, 1800), kind: 'sell' },
    {
      id: 5,
      investment_id: 1,
      kind: 'dividend',
      date: '2025-04-01',
      currency_code: 'DKK',
      amount: 500,
    },
  ],
  prices: [],
};

test('the year report matches the average method over two brokers and shows the aktiesparekonto', async ({
  page,
}) => {
  await register(page, {
    name: 'Karen Skat',
    email: `karen${Date.now()}@example.com`,
    password: 'long-enough',
  });
  await page.goto('/import');
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'formue-export.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(EXPORT)),
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('combobox', { name: 'Portfolio' }).selectOption({ label: 'New portfolio…' });
  await page.getByLabel('Name of the new portfolio').fill('Nordnet');
  await page.getByRole('button', { name: 'Check against it' }).click();
  await expect(page.getByText('Checking every row…')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import 5 events' }).click();
  // On the server the import asks the fake market for each instrument: a limit only ends a hang.
  await expect(
    page.getByText('Imported 5 events from formue-export.json into Nordnet.'),
  ).toBeVisible({ timeout: 60_000 });

  // The kind came with the export: the aktiesparekonto's badge on home.
  await page.goto('/home');
  const row = page
    .getByRole('table', { name: 'Portfolios' })
    .getByRole('row', { name: /Aktiesparekonto/ });
  await expect(row.locator('.badge')).toHaveText('Aktiesparekonto');

  await page.goto('/reports/2025');
  await expect(page.getByRole('heading', { name: 'Tax year 2025', level: 1 })).toBeVisible();
  await expect(page.getByText(/They are not tax advice/)).toBeVisible();
  const boxes = page.getByRole('region', { name: 'On your tax return' });
  // By hand: 25 × 1,800 − 25 × (50 × 1,000 + 50 × 2,000) / 100 = 45,000 − 37,500.
  await expect(boxes.getByRole('row', { name: /rubrik 66/ })).toContainText('7,500.00');
  await expect(boxes.getByRole('row', { name: /rubrik 61–63/ })).toContainText('500.00');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByRole('row', { name: /^Share income\b/ })).toContainText('8,000.00');
  // 27 % of 8,000, under 2025's limit of 67,500.
  await expect(totals.getByRole('row', { name: /^Estimated share income tax/ })).toContainText(
    '2,160.00',
  );
  const ask = page.getByRole('region', { name: /^Aktiesparekonto · Aktiesparekonto/ });
  // 166,200 − 0 at the end of 2024 − 100,000 put in.
  await expect(ask).toContainText(/Room left this year: .*66,200\.00 of the ceiling .*166,200\.00/);
  await expect(
    page.getByRole('region', { name: /^Nordnet · Free funds/ }).getByText(/^25 shares: proceeds/),
  ).toContainText(/45,000\.00 − average cost .*37,500\.00 \(at .*1,500\.00 each\)/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('formue-tax-2025.csv');
  const csv = await file.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv).toMatch(/7500/);

  // Print: the figures without the buttons, on A4.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  await expect(boxes).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
});
