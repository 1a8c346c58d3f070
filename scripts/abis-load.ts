// Loads SKAT's list of share-based investment companies (ABIS) for a year into
// src/domain/tax/abis/<year>.json, the table the year report reads (docs/tax.md, "The ABIS list").
//   npx tsx scripts/abis-load.ts <year> <file.xlsx|file.csv> [source URL]
// The file is SKAT's as published (skat.dk, "Liste over aktiebaserede investeringsselskaber"):
// a workbook or CSV with an ISIN column; src/domain/tax/abis-file.ts reads it (tested with a
// made-up sample, tests/unit/fixtures/abis-sample.csv).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readAbisFile } from '../src/domain/tax/abis-file';

const [yearText, path, url] = process.argv.slice(2);
const year = Number(yearText);
if (!Number.isInteger(year) || !path) {
  console.error('usage: npx tsx scripts/abis-load.ts <year> <file.xlsx|file.csv> [source URL]');
  process.exit(1);
}
const today = new Date().toISOString().slice(0, 10);
const read = await readAbisFile(new Uint8Array(await readFile(path)), path, year, today, url);
if ('problem' in read) {
  console.error(`${path}: ${read.problem}`);
  process.exit(1);
}
const target = fileURLToPath(new URL(`../src/domain/tax/abis/${year}.json`, import.meta.url));
await writeFile(target, `${JSON.stringify(read.list, null, 2)}\n`);
console.log(`${target}: ${read.list.isins.length} ISINs for ${year}`);
