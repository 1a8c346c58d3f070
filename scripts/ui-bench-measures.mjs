// The UI bench's measures: a visit of /home (LCP, and the time to the portfolios table) cold and
// warm under each condition, the budgets of issue 5, and each row's targets.
import { HANG_MS, RUNS, logIn, newContext, sessionOf } from './ui-bench-browser.mjs';

const BUDGET = { home: 1000, period: 300 };
const TARGET = { coldLcp: 2500, warmLcp: 1000, warmDemoHome: 300 };

/** DevTools' "Slow 4G" figures; throughputs in bytes per second, as CDP takes them. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};
/** `--throttled`: only the phone-like condition, for a short run under the machine lock. */
const CONDITIONS = [
  { name: 'unthrottled', cpu: 1, network: undefined },
  { name: '4x CPU, Slow 4G', cpu: 4, network: SLOW_4G },
].filter((condition) => !process.argv.includes('--throttled') || condition.cpu > 1);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
};

/**
 * Watches a visit of /home from inside the page (an init script, so in every document from its
 * start): Playwright's own waits inject its selector engine into the page, about 0.4 s of main
 * thread at 4x CPU that the visit then waited behind. Reports through `report` (a binding): ms
 * from navigation start to a portfolio row on screen, checked every frame; LCP once the page has
 * loaded and shows no loading placeholder (value and chart come after the table, and the value is
 * often the largest paint); whether a service worker controls the page.
 */
function watchHome(report) {
  if (window.top !== window) return;
  // For --trace: long tasks, and when the page's root first changed after the page was parsed
  // (the app's first render over the splash or the server's paint).
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const task of list.getEntries())
      longTasks.push([Math.round(task.startTime), Math.round(task.duration)]);
  }).observe({ type: 'longtask' });
  let appRender;
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    if (!root) return;
    const observer = new MutationObserver(() => {
      appRender = Math.round(performance.now());
      observer.disconnect();
    });
    observer.observe(root, { childList: true });
  });
  const trace = (lcps) => {
    const [navigation] = performance.getEntriesByType('navigation');
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const ms = (value) => (value ? Math.round(value) : undefined);
    return {
      // A service worker answered (workerStart), and the page was the server's (its answers'
      // block) or the cached index.html (none).
      page: document.getElementById('first-answers') ? 'server' : 'cached',
      worker: ms(navigation?.workerStart),
      responseStart: ms(navigation?.responseStart),
      responseEnd: ms(navigation?.responseEnd),
      parsed: ms(navigation?.domInteractive),
      fcp: ms(paint?.startTime),
      lcps: lcps.map((entry) => [Math.round(entry.startTime), entry.element?.tagName ?? '?']),
      appRender,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => [
          entry.name.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, ''),
          Math.round(entry.startTime),
          Math.round(entry.responseEnd),
        ]),
      longTasks,
    };
  };
  let home;
  const frame = () => {
    if (home === undefined) {
      const row = document.querySelector('table[aria-label="Portfolios"] tbody a');
      if (row !== null && row.getBoundingClientRect().height > 0) home = performance.now();
    }
    const settled =
      home !== undefined &&
      document.readyState === 'complete' &&
      document.querySelector('[role="status"][aria-label^="Loading"]') === null;
    if (!settled) {
      requestAnimationFrame(frame);
      return;
    }
    const controlled = Boolean(navigator.serviceWorker?.controller);
    const send = (lcp, lcps = []) =>
      window[report]({ home: Math.round(home), lcp, controlled, trace: trace(lcps) });
    // Two frames, so the last content is painted and its LCP entry queued.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        let sent = false;
        const observer = new PerformanceObserver((list) => {
          observer.disconnect();
          sent = true;
          send(Math.round(list.getEntries().at(-1).startTime), list.getEntries());
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        // No LCP entry at all (the observer is never called): say so rather than hang.
        setTimeout(() => sent || send(undefined), 5_000);
      }),
    );
  };
  requestAnimationFrame(frame);
}

const REPORT = '__formueBenchVisit';

/** `--trace`: each visit's timeline, printed (which page it got, its scripts, long tasks, paints). */
const TRACE = process.argv.includes('--trace');

/** Lets a context's pages report their visits (watchHome); resolves each visit in turn. */
async function watchVisits(context) {
  let waiting;
  await context.exposeBinding(REPORT, (_source, visit) => waiting?.(visit));
  await context.addInitScript(watchHome, REPORT);
  return async (page, base) => {
    let hang;
    const visit = new Promise((resolve, reject) => {
      waiting = resolve;
      hang = setTimeout(() => reject(new Error('the visit of /home did not settle')), HANG_MS);
    });
    try {
      await page.goto(`${base}/home`, { waitUntil: 'commit' });
      return await visit;
    } finally {
      clearTimeout(hang);
    }
  };
}

/** Waits for the worker a visit registered to be active, so the next visit can use it. */
function serviceWorkerReady(page) {
  return page.evaluate(async () => {
    const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    // The app may register its worker a little after load; a worker that fails to install
    // shows as none on the warm visit instead of stopping the run.
    for (let tries = 0; tries < 20; tries += 1) {
      if (await navigator.serviceWorker?.getRegistration()) {
        await Promise.race([navigator.serviceWorker.ready, wait(60_000)]);
        return;
      }
      await wait(100);
    }
  });
}

/** RUNS pairs of visits (cold, then warm in the same context) under each of CONDITIONS. */
export async function measureVisits(browser, base, build) {
  const storageState = await sessionOf(browser, base);
  const rows = [];
  for (const condition of CONDITIONS) {
    const visits = { cold: [], warm: [] };
    for (let run = 0; run < RUNS; run += 1) {
      const context = await newContext(browser, { storageState });
      try {
        const visitHome = await watchVisits(context);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpu });
        if (condition.network) {
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', condition.network);
        }
        visits.cold.push(await visitHome(page, base));
        await serviceWorkerReady(page);
        visits.warm.push(await visitHome(page, base));
        if (TRACE)
          for (const visit of ['cold', 'warm'])
            console.log(
              `trace ${build} ${condition.name} ${visit} ${run + 1}: ${JSON.stringify(visits[visit].at(-1).trace)}`,
            );
      } finally {
        await context.close();
      }
    }
    for (const visit of ['cold', 'warm'])
      rows.push({ build, condition: condition.name, visit, runs: visits[visit] });
  }
  return rows;
}

/** The budgets of issue 5, on one logged-in page of the demo build. */
export async function measureBudgets(browser, base) {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await logIn(page, base);
    const portfolioRows = page.getByRole('table', { name: /portfolios/i }).getByRole('link');
    const home = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto('about:blank');
      const started = Date.now();
      await page.goto(`${base}/home`);
      await portfolioRows.first().waitFor();
      home.push(Date.now() - started);
    }

    const periods = ['Week', 'Month', 'Year', 'Forever', 'Day'];
    const chartPath = page.getByRole('img', { name: /chart/i }).locator('path').first();
    const period = [];
    for (let run = 0; run < RUNS; run += 1) {
      await chartPath.waitFor();
      const before = await chartPath.getAttribute('d');
      const started = Date.now();
      await page
        .getByRole('combobox', { name: 'Period' })
        .selectOption(periods[run % periods.length]);
      await page.waitForFunction(
        (previous) =>
          document.querySelector('svg[role="img"] path')?.getAttribute('d') !== previous,
        before,
        { polling: 'raf' },
      );
      period.push(Date.now() - started);
    }
    return [
      ['navigation to home with portfolios', median(home), BUDGET.home, home],
      ['period switch re-renders value and chart', median(period), BUDGET.period, period],
    ];
  } finally {
    await context.close();
  }
}

/** The target a row is held to, if any: [measure, limit in ms]. */
function targetOf({ build, condition, visit }) {
  if (condition !== 'unthrottled')
    return ['lcp', visit === 'cold' ? TARGET.coldLcp : TARGET.warmLcp];
  if (build === 'demo' && visit === 'warm') return ['home', TARGET.warmDemoHome];
  return undefined;
}

export function summarise(row) {
  const lcps = row.runs.map((run) => run.lcp).filter((lcp) => lcp !== undefined);
  const lcp = lcps.length ? median(lcps) : undefined;
  const home = median(row.runs.map((run) => run.home));
  const controlled = row.runs.filter((run) => run.controlled).length;
  const worker =
    controlled === 0
      ? 'no'
      : controlled === row.runs.length
        ? 'yes'
        : `${controlled} of ${row.runs.length}`;
  const target = targetOf(row);
  const value = target && (target[0] === 'lcp' ? lcp : home);
  const over = target !== undefined && (value === undefined || value >= target[1]);
  const targetText = target
    ? `${target[0] === 'lcp' ? 'LCP' : 'home'} < ${target[1]}: ${over ? 'over' : 'met'}`
    : '';
  return { ...row, lcp, home, worker, over, targetText };
}
