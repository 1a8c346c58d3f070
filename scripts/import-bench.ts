// How long the broker import takes to read a 10,000-row Nordnet export (UTF-16LE, TAB) in Node:
// sniff (format and settings), then parse (every row, totals, reconciliation). Prints figures and
// never fails on time. CPU time is printed beside wall time: on a shared, loaded machine the wall
// time mostly measures the wait for a core. `npm run bench:import [rows]`; the browser's figures
// (in the Web Worker, under CPU throttling) are `npm run bench:import:ui`'s.
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
const sniffCpu: number[] = [];
const parseCpu: number[] = [];
/** Milliseconds of CPU (user + system) since `start`. */
const cpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
let rows = 0;
let ok = true;
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const sniffed = await sniff(bytes, 'transactions-and-notes-export.csv');
  const sniffedAt = performance.now();
  sniffCpu.push(cpuSince(cpu));
  const parseStart = process.cpuUsage();
  const result = await parse(bytes, { fileName: 'transactions-and-notes-export.csv' });
  const end = performance.now();
  parseCpu.push(cpuSince(parseStart));
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
const figure = (wall: number[], cpu: number[]) =>
  `median ${median(wall).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU, of ${RUNS} runs`;
console.log(`  sniff: ${figure(sniffs, sniffCpu)}`);
console.log(`  parse: ${figure(parses, parseCpu)}, ${rows} rows out`);
console.log(`  rows read as expected and reconciled: ${ok ? 'yes' : 'NO'}`);
