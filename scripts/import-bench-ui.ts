// `npm run bench:import:ui`: the broker import of a 10,000-row Nordnet export (UTF-16LE, TAB) in
// headless Chromium under 4x CPU throttling, on the built demo (`vite preview` of dist, so run
// `npm run build` first): log in, open /import, set the file, and time
// - the file set until its format line ("Nordnet export, 10,000 rows, …") shows (sniff),
// - Continue until the preview first shows its rows (parse, in the worker), and until its Import
//   button is enabled (the dry run against the demo, which runs in the page, is done),
// with the longest long task (PerformanceObserver 'longtask') on the page's main thread over each:
// the reading runs in a Web Worker and the demo's dry run yields between chunks, so the page
// should have none over 200 ms.
// Prints figures and never fails on time. Flags: --runs=N (default 3)  --quick (1 run)
import { chromium, type Page } from 'playwright-core';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './chromium.mjs';
import { manyNordnetLines, nordnetFile } from '../tests/unit/import/nordnet-file';

const ROWS = 10_000;
const runsFlag = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsFlag
  ? Number(runsFlag.slice('--runs='.length))
  : process.argv.includes('--quick')
    ? 1
    : 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function logIn(page: Page, base: string): Promise<void> {
  await page.goto(base);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Email').fill('demo@example.com');
  await dialog.getByLabel('Password').fill('demo1234');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/home$/);
}

interface Run {
  sniff: number;
  preview: number;
  checked: number;
  /** The longest long task while the file was read (sniff), parsed and previewed, and checked. */
  sniffTask: number;
  previewTask: number;
  checkedTask: number;
}

/**
 * The page's own clock, read every frame, once the page's text matches `pattern`: textContent,
 * as innerText lays the page out on each read, a long task of the probe's own.
 */
const shownAt = (page: Page, pattern: RegExp) =>
  page
    .waitForFunction(
      (source) =>
        new RegExp(source).test(document.body.textContent ?? '') ? performance.now() : false,
      pattern.source,
      { polling: 'raf', timeout: 600_000 },
    )
    .then(async (handle) => Number(await handle.jsonValue()));

async function measure(base: string, file: string): Promise<Run> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: number[] = [];
      Object.assign(window, { benchLongTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.startTime, entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await logIn(page, base);
    await page.goto(`${base}/import`);
    await page.getByLabel('File', { exact: true }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const start = await page.evaluate(() => performance.now());
    // A path, not bytes: Playwright hands a path to the browser as a file, where bytes would be
    // built into a File by script in the page, a long task of its own.
    await page.getByLabel('File', { exact: true }).setInputFiles(file);
    const sniffed = await shownAt(page, /Nordnet export, 10,000 rows/);
    await page.getByRole('button', { name: 'Continue' }).click();
    const continued = await page.evaluate(() => performance.now());
    const previewed = await shownAt(page, /Rows 1–100 of [\d,]+/);
    // Disabled while the dry run checks the rows: enabled once its report is in.
    const checked = await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('button')].some(
            (button) => /^Import [\d,]+ events$/.test(button.textContent ?? '') && !button.disabled,
          )
            ? performance.now()
            : false,
        undefined,
        { polling: 'raf', timeout: 600_000 },
      )
      .then(async (handle) => Number(await handle.jsonValue()));
    const longest = (from: number, to: number) =>
      page.evaluate(
        ([from, to]) => {
          const tasks = (window as unknown as { benchLongTasks: number[] }).benchLongTasks;
          let found = 0;
          for (let i = 0; i < tasks.length; i += 2) {
            const begin = tasks[i] ?? 0;
            const length = tasks[i + 1] ?? 0;
            if (begin + length >= from && begin <= to) found = Math.max(found, length);
          }
          return Math.round(found);
        },
        [from, to] as const,
      );
    return {
      sniff: Math.round(sniffed - start),
      preview: Math.round(previewed - continued),
      checked: Math.round(checked - continued),
      sniffTask: await longest(start, sniffed),
      previewTask: await longest(continued, previewed),
      checkedTask: await longest(previewed, checked),
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const folder = mkdtempSync(join(tmpdir(), 'formue-import-bench-'));
const file = join(folder, 'transactions-and-notes-export.csv');
const port = await freePort();
const preview = spawn(
  'node_modules/.bin/vite',
  ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const exited = new Promise((resolve) => preview.once('exit', resolve));
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base);
  const bytes = nordnetFile(manyNordnetLines(ROWS));
  writeFileSync(file, bytes);
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(base, file));
  const figure = (pick: (run: Run) => number) =>
    `median ${median(runs.map(pick))} ms (${runs.map(pick).join(', ')})`;
  console.log(
    `Nordnet export, ${ROWS} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB, demo build, 4x CPU throttling, ${RUNS} runs; load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  console.log(`  file set → format line (sniff): ${figure((run) => run.sniff)}`);
  console.log(`  Continue → preview's first page (parse): ${figure((run) => run.preview)}`);
  console.log(`  Continue → Import enabled (dry run done): ${figure((run) => run.checked)}`);
  console.log(`  longest long task while sniffing: ${figure((run) => run.sniffTask)}`);
  console.log(`  longest long task until the first page: ${figure((run) => run.previewTask)}`);
  console.log(`  longest long task while checking: ${figure((run) => run.checkedTask)}`);
} finally {
  preview.kill();
  await exited;
  rmSync(folder, { recursive: true, force: true });
}
