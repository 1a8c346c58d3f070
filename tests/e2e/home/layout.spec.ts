// Tables fit their cards with one long word for a name, and touch targets are 44 px, at a small
// phone, a phone and a desktop width.
import type { Page } from '@playwright/test';
import { DEMO_ONLY, expect, loginAsDemo, test } from '../fixtures';

const LONG = 'Pensionsopsparingskontoen';
const LONG_INVESTMENT = 'Pensionsopsparingskontoenaktieindeksfonden';
const WIDTHS = [320, 390, 1280];

/** What sticks out: cells past their card's (or table's) right edge, and a page that scrolls sideways. */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      // A page of a pager that is not shown (visibility hidden) is off to the side on purpose.
      if (!table.checkVisibility({ visibilityProperty: true })) continue;
      const box = (table.closest('.card') ?? table).getBoundingClientRect();
      const right = Math.min(box.right, table.getBoundingClientRect().right);
      for (const cell of table.querySelectorAll('td, th')) {
        const thead = cell.closest('thead');
        // A phone's transactions keep their headers for screen readers only, clipped to 1 px.
        if (thead && getComputedStyle(thead).position === 'absolute') continue;
        const edge = cell.getBoundingClientRect().right;
        if (edge > right + 0.5)
          found.push(
            `${table.getAttribute('aria-label')}: "${cell.textContent}" ends at ${edge} > ${right}`,
          );
      }
    }
    // A figure past its card's edge (a total, its change), where no table is.
    for (const card of document.querySelectorAll('.card')) {
      if (!card.checkVisibility({ visibilityProperty: true })) continue;
      const right = card.getBoundingClientRect().right;
      for (const figure of card.querySelectorAll('.num')) {
        const edge = figure.getBoundingClientRect().right;
        if (!figure.closest('table') && edge > right + 0.5)
          found.push(`"${figure.textContent}" ends at ${edge} > ${right}, its card's edge`);
      }
    }
    const root = document.scrollingElement;
    if (root && root.scrollWidth > root.clientWidth) {
      // Name what sticks out (a box past the edge, or text past its box): what to fix.
      const names = [...document.body.querySelectorAll('*')]
        .filter((el) => {
          const left = el.getBoundingClientRect().left;
          return left + Math.max(el.scrollWidth, el.clientWidth) > root.clientWidth + 0.5;
        })
        .slice(-5)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent.slice(0, 30)}"`,
        );
      found.push(
        `the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth}): ${names.join(', ')}`,
      );
    }
    return found;
  });
}

async function expectFits(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    // Polled: what the page lays out from its measured width (the chart) settles a frame later.
    await expect.poll(() => overflows(page), { message: `${where} at ${width} px` }).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The total and its change have arrived: the widest text of a card, measured with it. */
async function figuresShown(page: Page) {
  await expect(page.getByRole('region', { name: 'Total value' })).toContainText('%');
}

async function expectTouchTarget(page: Page, name: string) {
  const box = await page
    .getByRole('link', { name })
    .or(page.getByRole('button', { name }))
    .boundingBox();
  expect(box?.width, `${name} width`).toBeGreaterThanOrEqual(44);
  expect(box?.height, `${name} height`).toBeGreaterThanOrEqual(44);
}

/** A portfolio and an investment named with one long word each, through the forms. */
async function createLongNames(page: Page) {
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await page.getByLabel('Portfolio name').fill(LONG);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).not.toHaveURL(/\/portfolios\/create$/);
  await addInvestment(page, LONG_INVESTMENT, { label: LONG });
}

/** An investment bought through Add investment, in the portfolio chosen. */
async function addInvestment(
  page: Page,
  name: string,
  portfolio: { label: string } | { index: number },
) {
  await page.goto('/investments/create');
  await page.getByLabel('Portfolio').selectOption(portfolio);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('ISIN').fill('US0378331005');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Shares').fill('10');
  await page.getByLabel('Price pr. share').fill('100');
  await page.getByLabel('Currency').selectOption('DKK');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).not.toHaveURL(/\/investments\/create$/);
}

test(
  'one long word never pushes a figure off its card, at 320, 390 and 1280 px',
  DEMO_ONLY,
  async ({ page }) => {
    await loginAsDemo(page);
    await createLongNames(page);

    await page.goto('/home');
    const investments = page.getByRole('table', { name: 'Investments' });
    const link = investments.getByRole('link', { name: LONG_INVESTMENT });
    await expect(link).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Portfolios' }).getByRole('link', { name: LONG }),
    ).toBeVisible();
    await figuresShown(page);
    await expectFits(page, 'home');

    await page.getByRole('table', { name: 'Portfolios' }).getByRole('link', { name: LONG }).click();
    await expect(
      page.getByRole('table', { name: 'Investments' }).getByRole('link', { name: LONG_INVESTMENT }),
    ).toBeVisible();
    await figuresShown(page);
    await expectFits(page, 'portfolio');

    await page.goto('/history');
    const name = page
      .getByRole('table', { name: 'Transactions' })
      // The row's portfolio is under the name, in the same cell.
      .getByRole('cell', { name: `${LONG_INVESTMENT} ${LONG}`, exact: true });
    await expect(name).toBeVisible();
    // Cut short on a phone, the whole name stays at hand.
    await expect(name).toHaveAttribute('title', LONG_INVESTMENT);
    await expectFits(page, 'history');

    await page.goto('/home');
    await page
      .getByRole('table', { name: 'Investments' })
      .getByRole('link', { name: LONG_INVESTMENT })
      .click();
    await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible();
    await expectFits(page, 'investment');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
    await expectFits(page, 'investment transactions');
  },
);

// One visit: both only look at home and its first investment, at a phone's width (the default).
test('on a phone, touch targets of 44 px, and an investment opens with its actions in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsDemo(page);

  await test.step('plus buttons are touch targets of 44 px or more', async () => {
    await expectTouchTarget(page, 'Add portfolio');
    await expectTouchTarget(page, 'Add investment');
    await page.getByRole('table', { name: 'Investments' }).getByRole('link').first().click();
  });

  await test.step('an investment opens with Buy, Sell and the start of its statistics in view', async () => {
    await expect(page.getByText('Of portfolio')).toBeVisible();
    for (const name of ['Buy', 'Sell', 'Dividend', 'Stock Split'])
      await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    // The statistics' heading and first row: the page does not open on a wall of header.
    const statistics = page.getByRole('table', { name: 'Investment statistics' });
    await expect(statistics.getByRole('row').first()).toBeInViewport({ ratio: 1 });
  });

  await test.step('page dots are touch targets of 44 px or more', async () => {
    await expectTouchTarget(page, 'Page 1');
    await expectTouchTarget(page, 'Page 2');
  });
});

/** The words of the page's title that a line's end cuts in two (none hyphenated: no dictionaries). */
function brokenTitleWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const title = document.querySelector('h1');
    const text = title?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return ['no title text'];
    const broken: string[] = [];
    for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(text, match.index);
      range.setEnd(text, match.index + match[0].length);
      if (range.getClientRects().length > 1) broken.push(match[0]);
    }
    return broken;
  });
}

test(
  'a long Danish word in a title stays whole on a phone (issue 40)',
  DEMO_ONLY,
  async ({ page }) => {
    await loginAsDemo(page);
    // An investment's title shares its line with the page dots.
    const name = 'Lokal Investeringsforening';
    await addInvestment(page, name, { index: 1 });
    await page.getByRole('table', { name: 'Investments' }).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => brokenTitleWords(page), { message: `at ${width} px` }).toEqual([]);
    }
  },
);
