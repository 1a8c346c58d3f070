// The period's words say the span computed (issue 27, item 1): the selector keeps Day, Week,
// Month, Year and Forever; the value card names the span, in English and Danish.
import type { Page } from '@playwright/test';
import { test, expect, loginAsDemo, LOGIN_LABELS } from '../fixtures';

const SPANS: [period: string, en: string, da: string][] = [
  ['Day', 'past 24 hours', 'seneste døgn'],
  ['Week', 'past week', 'seneste uge'],
  ['Month', 'past month', 'seneste måned'],
  ['Year', 'past year', 'seneste år'],
  ['Forever', 'all time', 'i alt'],
];

async function spans(page: Page, language: 'en' | 'da') {
  const selector = page.getByRole('combobox', { name: language === 'en' ? 'Period' : 'Periode' });
  const total = page.getByRole('region', {
    name: language === 'en' ? 'Total value' : 'Samlet værdi',
  });
  for (const [period, en, da] of SPANS) {
    await selector.selectOption(period);
    await expect(total).toContainText(language === 'en' ? en : da);
  }
}

test('the value card names the span each period computes', async ({ page }) => {
  await loginAsDemo(page);
  await spans(page, 'en');
});

test.describe('in Danish', () => {
  test.use({ locale: 'da-DK' });

  test('the value card names the span each period computes, in Danish', async ({ page }) => {
    await loginAsDemo(page, { labels: LOGIN_LABELS.da });
    await spans(page, 'da');
  });
});
