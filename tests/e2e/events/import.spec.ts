// Issue 26 in the browser: a Nordnet file (UTF-16LE, TAB, with a cancelled row) through /import,
// its preview (two lines a row on a phone), the import into a new portfolio it then links to; the
// same account's file again starts there and imports nothing (issue 34); Undo asks first. A Saxo
// xlsx, large (read under the Content-Security-Policy) and small (imported and undone).
import { Buffer } from 'node:buffer';
import type { Page } from '@playwright/test';
import { test, expect, DEMO_ONLY, loginAsDemo, LOGIN_LABELS } from '../fixtures';
import {
  DOLLAR_PRICE_DKK_FEE,
  manyNordnetLines,
  nordnetFile,
  type NordnetLine,
} from '../../unit/import/nordnet-file';
import { manySaxoLines, saxoXlsx } from '../../unit/import/saxo-file';

/** On the server, an import asks the providers for each new instrument's listings and history,
 * at their rates: slow on a loaded machine. A limit here only ends a hang. */
const IMPORTED_WITHIN = { timeout: 60_000 };

// An instrument the demo's market knows and the demo account does not hold.
const FUND = { name: 'Pandora', isin: 'DK0060252690' };

const NORDNET = Buffer.from(
  nordnetFile([
    {
      id: '1000000003',
      day: '2024-05-02',
      type: 'UDBYTTE',
      ...FUND,
      shares: '10',
      price: '4,5',
      amount: '45',
    },
    {
      id: '1000000002',
      day: '2024-03-05',
      type: 'KØBT',
      ...FUND,
      shares: '5',
      price: '150,25',
      fee: '29',
      amount: '-780,25',
      cancelled: '2024-03-06',
    },
    {
      id: '1000000001',
      day: '2024-03-04',
      type: 'KØBT',
      ...FUND,
      shares: '10',
      price: '150,25',
      fee: '29',
      amount: '-1.531,50',
      total: '10',
    },
  ]),
);

const FILE = { name: 'transaktioner.csv', mimeType: 'text/csv', buffer: NORDNET };

/** Logged in to the demo, a Nordnet file of these lines chosen on /import. */
async function chooseNordnet(page: Page, lines: NordnetLine[]): Promise<void> {
  await loginAsDemo(page, { path: '/import' });
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ ...FILE, buffer: Buffer.from(nordnetFile(lines)) });
}

test('a Nordnet file is previewed, imported, shown on home, imported again as nothing new, and undone', async ({
  page,
}, testInfo) => {
  await loginAsDemo(page, { path: '/import' });
  await page.getByLabel('File', { exact: true }).setInputFiles(FILE);
  await expect(page.getByText('Nordnet export, 3 rows, 2024')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByText('Cancelled by the broker.')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Import 2 events' });
  await expect(submit).toBeEnabled();
  // On a phone each row is two lines: every cell within the table's width, nothing to scroll to.
  const fits = await page.locator('.import__rows-wrap').evaluate((wrap) => {
    const right = wrap.getBoundingClientRect().right;
    const cells = [...wrap.querySelectorAll('tbody th, tbody td')].filter((c) => c.textContent);
    return (
      wrap.scrollWidth <= wrap.clientWidth &&
      cells.every((c) => c.getBoundingClientRect().right <= right + 1)
    );
  });
  expect(fits).toBe(true);
  for (const shown of [FUND.name, '150.25 DKK', '45 DKK', 'Cancelled by the broker.'])
    await expect(table.getByText(shown, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('import-preview.png'), fullPage: true });

  // Into a new portfolio: the result names it and links to it, as Earlier imports names it.
  await page.getByRole('combobox', { name: 'Portfolio' }).selectOption({ label: 'New portfolio…' });
  await page.getByLabel('Name of the new portfolio').fill('Nordnet depot');
  await page.getByRole('button', { name: 'Check against it' }).click();
  await expect(page.getByText('Checking every row…')).toHaveCount(0);
  await submit.click();
  await expect(
    page.getByText('Imported 2 events from transaktioner.csv into Nordnet depot.'),
  ).toBeVisible(IMPORTED_WITHIN);
  await expect(page.getByText(/^2 events into Nordnet depot · /)).toBeVisible();
  await page.getByRole('link', { name: 'Open Nordnet depot' }).click();
  await expect(page.getByRole('heading', { name: 'Nordnet depot' })).toBeVisible();
  await expect(page.getByText(FUND.name).first()).toBeVisible();

  // The same account's file again starts on its portfolio, and is nothing new.
  await page.goto('/import');
  await page.getByLabel('File', { exact: true }).setInputFiles(FILE);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('combobox', { name: 'Portfolio' }).locator('option:checked'),
  ).toHaveText('Nordnet depot');
  await expect(
    page.getByText('Nothing new to import: every row is already there or skipped.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 0 events' })).toBeDisabled();
  // Into another portfolio, the rows are still the ones imported before.
  await page.getByRole('combobox', { name: 'Portfolio' }).selectOption({ index: 0 });
  await expect(page.getByText('Checking every row…')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import 0 events' })).toBeDisabled();

  // Undo asks first, naming what goes; Cancel keeps it.
  const undo = page.getByRole('button', { name: 'Undo transaktioner.csv' }).first();
  await undo.click();
  const question = page.getByRole('dialog', {
    name: 'Remove 2 events and the portfolio Nordnet depot?',
  });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(undo).toBeVisible();
  await undo.click();
  await question.getByRole('button', { name: 'Remove' }).click();
  await expect(
    page.getByRole('status').getByText('Import undone: 2 events removed.'),
  ).toBeVisible();
  await expect(page.getByText('No imports yet.')).toBeVisible();
  await page.goto('/home');
  await expect(page.getByText(FUND.name)).toHaveCount(0);
  await expect(page.getByText('Nordnet depot')).toHaveCount(0);
});

test.describe('in Danish', () => {
  test.use({ locale: 'da-DK' });

  test('the detected format is named in Danish', DEMO_ONLY, async ({ page }) => {
    // The words are the app's: the server adds nothing to them.

    await loginAsDemo(page, { labels: LOGIN_LABELS.da, path: '/import' });
    await page.getByLabel('Fil', { exact: true }).setInputFiles(FILE);
    await expect(page.getByText('Nordnet-eksport, 3 rækker, 2024')).toBeVisible();
  });
});

test('a long file is previewed a page of 100 rows at a time, filtered by status', async ({
  page,
}) => {
  await chooseNordnet(page, [
    { id: '999', day: '2016-01-04', type: 'KØBT', ...FUND, amount: '0', cancelled: '2016-01-05' },
    ...manyNordnetLines(249).map((line) => ({ ...line, ...FUND })),
  ]);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The made-up history may sell on its first day before that day's buys (the dry run's order of
  // same-day rows): the count of events is not what this test is about.
  await expect(page.getByRole('button', { name: /^Import [\d,]+ events$/ })).toBeEnabled();
  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(page.getByText('Rows 1–100 of 250')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(101);
  await page.getByRole('button', { name: 'Next rows' }).click();
  await expect(page.getByText('Rows 101–200 of 250')).toBeVisible();
  await expect(table.getByRole('rowheader', { name: '101', exact: true })).toBeVisible();

  const show = page.getByRole('group', { name: 'Show rows' });
  await expect(show.getByRole('button', { name: 'All 250' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await show.getByRole('button', { name: 'Skipped 1' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Cancelled by the broker.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages of rows' })).toHaveCount(0);
});

test('a split whose ratio the file does not give blocks the import until its ratio is typed', async ({
  page,
}) => {
  await loginAsDemo(page, { path: '/import' });
  await page.getByLabel('File', { exact: true }).setInputFiles({
    ...FILE,
    buffer: Buffer.from(
      nordnetFile([
        { id: '2', day: '2024-07-01', type: 'SPLIT', ...FUND, shares: '20', amount: '0' },
        {
          id: '1',
          day: '2024-03-04',
          type: 'KØBT',
          ...FUND,
          shares: '10',
          price: '150,25',
          fee: '29',
          amount: '-1.531,50',
        },
      ]),
    ),
  });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Give each split its ratio, or skip its row, to import.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 1 event' })).toBeDisabled();
  const ratio = page.getByLabel('Split ratio');
  await ratio.fill('two');
  await page.getByRole('button', { name: 'Use ratio' }).click();
  await expect(page.getByText('Write the ratio as two numbers, e.g. 1:2.')).toBeVisible();
  await ratio.fill('1:2');
  await page.getByRole('button', { name: 'Use ratio' }).click();
  await expect(page.getByRole('button', { name: 'Import 2 events' })).toBeEnabled();
  await expect(page.getByLabel('Split ratio')).toHaveCount(0);
  // Written as everywhere else a split's ratio shows: from:to, with words beside it.
  await expect(
    page.getByRole('table', { name: 'Rows of the file' }).getByRole('row', { name: /Stock split/ }),
  ).toContainText('1:2 (2 for 1)');
});

// Issue 34: a dollar price whose fee column says DKK was booked as 3 × DKK 185.50 = DKK 556.50,
// though the row's own amount says the broker charged DKK 3,834.95.

test("each trade is held against the file's own amount, and the cash balance checked", async ({
  page,
}, testInfo) => {
  await chooseNordnet(page, [
    {
      id: '3',
      day: '2024-09-03',
      type: 'KØBT',
      ...FUND,
      shares: '10',
      price: '80',
      amount: '-850',
      balance: '5.315,05',
    },
    { id: '2', day: '2024-09-02', ...DOLLAR_PRICE_DKK_FEE, balance: '6.165,05' },
    { id: '1', day: '2024-09-01', type: 'INDBETALING', amount: '10.000', balance: '10.000' },
  ]);
  await page.getByRole('button', { name: 'Continue' }).click();

  const table = page.getByRole('table', { name: 'Rows of the file' });
  await expect(
    table.getByText(
      "The price 185.5 is in the instrument's own currency: booked as DKK 1,278.3176 a share at the file's rate 6.8912",
    ),
  ).toBeVisible();
  await expect(
    table.getByText(
      "The file's amount is DKK 850.00, but shares, price, fee and rate give DKK 800.00.",
    ),
  ).toBeVisible();
  const money = page.getByRole('table', { name: 'Money per year' });
  await expect(money.getByRole('row', { name: '2024 Buy 3,834.95 DKK 3,834.95' })).toBeVisible();
  await expect(
    page.getByText("The cash balance adds up to the file's own balance for every account."),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('import-money.png'), fullPage: true });

  await page.getByRole('button', { name: 'Import 1 event' }).click();
  await expect(
    page.getByText(/^Imported 1 events? from transaktioner\.csv into .+\.$/),
  ).toBeVisible(IMPORTED_WITHIN);
  await page.goto('/history?from=2024-09-02&to=2024-09-02');
  await expect(page.getByText('DKK 3,834.95').first()).toBeVisible();
});

// A Saxo sheet of 2,000 rows is over 512 kB unzipped, where fflate's async unzip would hand it to
// a `blob:` Worker that the Content-Security-Policy refuses (the preview never came).
const PANDORA_SAXO = { ...FUND, symbol: 'PNDORA:xcse' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('a large Saxo xlsx is read in the browser under the Content-Security-Policy', async ({
  page,
}) => {
  await loginAsDemo(page, { path: '/import' });
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'Transactions.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(saxoXlsx(manySaxoLines(2000, PANDORA_SAXO))),
  });
  await expect(page.getByText(/^Saxo transactions report, 2.?000 rows/)).toBeVisible();
});

test('a Saxo xlsx is previewed, imported and undone', async ({ page }) => {
  await loginAsDemo(page, { path: '/import' });
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'Transactions.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(
      saxoXlsx([
        ['2024-03-04', 'Trade', PANDORA_SAXO, 'DKK', 'Buy 10 @ 150.25 DKK', -1531.5, '501', 1],
        ['2024-05-06', 'Trade', PANDORA_SAXO, 'DKK', 'Sell 4 @ 160 DKK', 611, '502', 1],
      ]),
    ),
  });
  await expect(page.getByText('Saxo transactions report, 2 rows, 2024')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Import 2 events' }).click();
  await expect(page.getByText(/^Imported 2 events from Transactions.xlsx into /)).toBeVisible(
    IMPORTED_WITHIN,
  );

  await page.goto('/home');
  await expect(page.getByText(FUND.name).first()).toBeVisible();
  await page.goto('/import');
  await page.getByRole('button', { name: 'Undo Transactions.xlsx' }).first().click();
  await page
    .getByRole('dialog', { name: 'Remove 2 events?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('No imports yet.')).toBeVisible();
});

test('an instrument is booked onto the investment the user chooses, not a new one', async ({
  page,
}, testInfo) => {
  await loginAsDemo(page, { path: '/import' });
  await page.getByLabel('File', { exact: true }).setInputFiles(FILE);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('combobox', { name: 'Portfolio' }).selectOption({ label: 'Pension' });
  const book = page.getByRole('combobox', { name: `Book ${FUND.name} as` });
  await expect(book).toHaveValue('new');
  await expect(page.getByText(`${FUND.isin} · 2 rows`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('import-instruments.png'), fullPage: true });
  const existing = await book.locator('option', { hasText: 'Existing: ' }).first().textContent();
  await book.selectOption({ label: existing! });
  await expect(page.getByText('Checking every row…')).toHaveCount(0);
  await expect(book).not.toHaveValue('new');
  await page.getByRole('button', { name: 'Import 2 events' }).click();
  await expect(
    page.getByText('Imported 2 events from transaktioner.csv into Pension.'),
  ).toBeVisible(IMPORTED_WITHIN);
  await page.goto('/home');
  await expect(page.getByText(existing!.replace('Existing: ', '')).first()).toBeVisible();
  await expect(page.getByText(FUND.name)).toHaveCount(0);

  await page.goto('/import');
  await page.getByRole('button', { name: 'Undo transaktioner.csv' }).first().click();
  await page
    .getByRole('dialog', { name: 'Remove 2 events?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('No imports yet.')).toBeVisible();
});
