// UI budgets (issue 5), measured in headless Chromium against `vite preview` of the demo build:
// - navigation to /home until the demo account's portfolios show: <= 1000 ms (median)
// - switching the period until value and chart have re-rendered: <= 300 ms (median)
// Prints the figures (and writes them to docs/benchmarks.md with --write) and says which miss
// their target. Times never fail a run: on a shared, busy machine they measure the machine.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

const PORT = 4175;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 7;
const BUDGET = { home: 1000, period: 300 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(BASE)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('vite preview did not start');
}

const server = spawn(
  'node_modules/.bin/vite',
  ['preview', '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'],
  { stdio: 'ignore' },
);
const browser = await chromium.launch(chromiumLaunchOptions);

try {
  await waitForServer();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(BASE);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Email').fill('demo@example.com');
  await dialog.getByLabel('Password').fill('demo1234');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/home$/);

  const portfolioRows = page.getByRole('table', { name: /portfolios/i }).getByRole('link');
  const home = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto('about:blank');
    const started = Date.now();
    await page.goto(`${BASE}/home`);
    await portfolioRows.first().waitFor();
    home.push(Date.now() - started);
  }

  const periods = ['Week', 'Month', 'Year', 'Forever', 'Day', 'Week', 'Month'];
  const chartPath = page.getByRole('img', { name: /chart/i }).locator('path').first();
  const period = [];
  for (const option of periods.slice(0, RUNS)) {
    await chartPath.waitFor();
    const before = await chartPath.getAttribute('d');
    const started = Date.now();
    await page.getByRole('combobox', { name: 'Period' }).selectOption(option);
    await page.waitForFunction(
      (previous) => document.querySelector('svg[role="img"] path')?.getAttribute('d') !== previous,
      before,
      { polling: 'raf' },
    );
    period.push(Date.now() - started);
  }

  const rows = [
    ['navigation to home with portfolios', median(home), BUDGET.home, home],
    ['period switch re-renders value and chart', median(period), BUDGET.period, period],
  ];
  const table = [
    '| measure (demo mode, headless Chromium, 390x844) | median ms | budget ms | runs (ms) |',
    '|---|---:|---:|---|',
    ...rows.map(
      ([name, value, budget, all]) => `| ${name} | ${value} | ${budget} | ${all.join(', ')} |`,
    ),
  ].join('\n');
  console.log(table);

  if (process.argv.includes('--write')) {
    const file = 'docs/benchmarks.md';
    const doc = readFileSync(file, 'utf8').replace(/\n## UI budgets[\s\S]*?(?=\n## |$)/, '');
    const text = `${doc.trimEnd()}\n\n## UI budgets\n\n\`npm run bench:ui\` (after \`npm run build\`), ${new Date().toISOString().slice(0, 10)}:\n\n${table}\n`;
    // Formatted as the lint step checks it.
    const options = { ...(await resolveConfig(file)), filepath: file };
    writeFileSync(file, await format(text, options));
  }
  const over = rows.filter(([, value, budget]) => value > budget);
  if (over.length)
    console.warn(`over target on this run: ${over.map(([name]) => name).join(', ')}`);
} finally {
  await browser.close();
  server.kill();
}
