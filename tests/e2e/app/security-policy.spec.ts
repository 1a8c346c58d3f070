// The built app under its own Content-Security-Policy: the meta tag is there, and the page
// renders without the browser blocking anything (a blocked style or script fires
// 'securitypolicyviolation', whether or not it also logs to the console).
import { expect, loginAsDemo, test } from '../fixtures';

declare global {
  interface Window {
    reportViolation?: (violation: string) => Promise<void>;
  }
}

test('the build carries a strict policy, and landing and login run under it', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void window.reportViolation?.(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });

  // The page as served, before any script: the policy first, and a sign of life in #root.
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(
    /^<!doctype html>\s*<html[^>]*>\s*<head>\s*<meta http-equiv="Content-Security-Policy"/i,
  );
  expect(html).toContain('<p class="boot" role="progressbar" aria-label="Formue">Formue</p>');

  await page.goto('/');
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);

  // React replaced the splash with the landing page.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Formue' })).toHaveCount(0);
  // Home draws charts and sets style props: still nothing blocked.
  await loginAsDemo(page);
  await expect(page.getByRole('table', { name: /investments/i })).toBeVisible();
  expect(violations).toEqual([]);
});
