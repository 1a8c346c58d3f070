// How long the broker import takes to read a 10,000-row Nordnet export (UTF-16LE, TAB) in Node:
// sniff (format and settings), then parse (every row, totals, reconciliation). Prints figures and
// never fails on time. `npm run bench:import [rows]`; the browser's figure (in the Web Worker,
// under CPU throttling) is the UI benchmark's.
import { performance } from 'node:perf_hooks';
import { parse, sniff } from '../src/domain/import';
import { manyNordnetLines, nordnetFile } from '../tests/unit/import/nordnet-file';

const ROWS = Number(process.argv[2] ?? 10_000);
const RUNS = 5;

const bytes = nordnetFile(manyNordnetLines(ROWS));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const sniffs: number[] = [];
const parses: number[] = [];
let rows = 0;
let ok = true;
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  const sniffed = await sniff(bytes, 'transactions-and-notes-export.csv');
  const sniffedAt = performance.now();
  const result = await parse(bytes, { fileName: 'transactions-and-notes-export.csv' });
  const end = performance.now();
  sniffs.push(sniffedAt - start);
  parses.push(end - sniffedAt);
  rows = result.rows.length;
  ok =
    sniffed.preset?.id === 'nordnet-da' &&
    !result.blocked &&
    result.reconciliation.every((r) => r.ok);
}

console.log(
  `Nordnet export, ${ROWS} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB (UTF-16LE)`,
);
console.log(`  sniff: median ${median(sniffs).toFixed(0)} ms of ${RUNS} runs`);
console.log(`  parse: median ${median(parses).toFixed(0)} ms of ${RUNS} runs, ${rows} rows out`);
console.log(`  rows read as expected and reconciled: ${ok ? 'yes' : 'NO'}`);
