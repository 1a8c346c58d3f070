// The calls each screen's data layer makes first, by the screen's address (issue 37): the page
// the server sends carries their answers (first-answers.ts), and a start prepares them for the
// users it expects (`Contract.prepare`).

/**
 * By the screen's address: the calls under /api/v1 its data layer makes first (home's value,
 * chart, returns and lists; the figures the device keeps, remembered-figures.ts, among them).
 */
export const FIRST_CALLS: Readonly<Record<string, readonly string[]>> = {
  '/home': [
    '/user',
    '/user/valuation',
    '/portfolios',
    '/investments',
    '/user/chart',
    '/user/performance',
  ],
};
