// `npm run bench`: how valuing and charting grow with the number of events.
// Synthetic accounts (deterministic) of 2k, 20k and 200k events over 300 investments, valued from
// scratch (every history replayed, as on the first request after a change; later requests reuse
// the replayed timelines): valueHolding per investment then sumFigures, for every period, and a
// Year chart (chartTimes, chartOf). Prints the median of a few runs in ms; no assertions, since
// timings depend on the machine.
import { applyEntry, EMPTY_HOLDING, type LedgerEntry } from '../../src/domain/ledger';
import { CATALOGUE, priceAt, rateToDkk, seededRandom } from '../../src/domain/market';
import { PERIODS, type Period } from '../../src/domain/types';
import {
  chartOf,
  chartTimes,
  sumFigures,
  valueHolding,
  type PricedHolding,
} from '../../src/domain/valuation';

const SIZES = [2_000, 20_000, 200_000];
const INVESTMENTS = 300;
const RUNS = 7;
const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 15, 12);
const HISTORY = 5 * 365 * DAY;

/** One investment's history: a first buy, then buys, partial sells, dividends and a rare split. */
function investment(index: number, events: number, random: () => number): PricedHolding {
  const instrument = CATALOGUE[index % CATALOGUE.length];
  const dkkPrice = (time: number) =>
    priceAt(instrument, time) * rateToDkk(instrument.currency, time);
  const start = NOW - HISTORY * (0.2 + 0.8 * random());
  const times = Array.from({ length: events }, () => start + (NOW - start) * random()).sort(
    (a, b) => a - b,
  );
  const entries: LedgerEntry[] = [];
  let holding = EMPTY_HOLDING;
  for (const time of times) {
    const price = Math.round(dkkPrice(time) * 100) / 100;
    const roll = random();
    const entry: LedgerEntry =
      holding.shares === 0 || roll < 0.5
        ? { kind: 'buy', time, shares: 1 + Math.floor(random() * 20), price, fee: 29 }
        : roll < 0.8
          ? { kind: 'sell', time, shares: Math.ceil(holding.shares * random()), price, fee: 29 }
          : roll < 0.99
            ? { kind: 'dividend', time, amount: Math.round(holding.shares * price) / 100 }
            : {
                kind: 'split',
                time,
                sharesAfter: holding.shares * 2,
                fee: 0,
                soldShares: 0,
                soldPrice: 0,
              };
    const result = applyEntry(holding, entry);
    if (result.ok) {
      holding = result.holding;
      entries.push(entry);
    }
  }
  return { entries, priceAt: dkkPrice };
}

function account(events: number): PricedHolding[] {
  const random = seededRandom(events);
  return Array.from({ length: INVESTMENTS }, (_, i) =>
    investment(i, Math.round(events / INVESTMENTS), random),
  );
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(work: () => unknown): number {
  for (let i = 0; i < 3; i++) work(); // warm-up: JIT and the market's per-instrument caches
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const valueAll = (holdings: PricedHolding[], period: Period) => () =>
  sumFigures(holdings.map((h) => valueHolding(h, period, NOW)));

const yearChart = (holdings: PricedHolding[]) => () => {
  const first = Math.min(...holdings.map((h) => h.entries[0]?.time ?? NOW));
  const times = chartTimes('Year', NOW, first);
  return chartOf(holdings, times);
};

const columns = [...PERIODS.map((p) => `value ${p}`), 'Year chart'];
const rows: { events: number; ms: number[] }[] = [];
for (const size of SIZES) {
  const holdings = account(size);
  const events = holdings.reduce((n, h) => n + h.entries.length, 0);
  const ms = [...PERIODS.map((p) => time(valueAll(holdings, p))), time(yearChart(holdings))];
  rows.push({ events, ms });
}

const cell = (text: string) => text.padStart(12);
const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
console.log(`${INVESTMENTS} investments, median of ${RUNS} runs, ms`);
console.log(line(['events', ...columns]));
console.log(line(['events', ...columns].map(() => '-----------:')));
for (const row of rows) {
  console.log(line([String(row.events), ...row.ms.map((ms) => ms.toFixed(2))]));
}
for (let i = 1; i < rows.length; i++) {
  const [small, large] = [rows[i - 1], rows[i]];
  const label = `growth x${(large.events / small.events).toFixed(1)}`;
  console.log(line([label, ...large.ms.map((ms, c) => `x${(ms / small.ms[c]).toFixed(1)}`)]));
}
