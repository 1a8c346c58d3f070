// Loads SKAT's list of share-based investment companies (ABIS) for a year into
// src/domain/tax/abis/<year>.json, the table the year report reads (docs/tax.md, "The ABIS list").
//   npx tsx scripts/abis-load.ts <year> <file.xlsx|file.csv> [source URL]
// The file is SKAT's as published (skat.dk, "Liste over aktiebaserede investeringsselskaber"):
// a workbook or CSV with an ISIN column; see src/domain/tax/abis-file.ts for how it is read.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readTable } from '../src/domain/import/table';
import { abisIsins } from '../src/domain/tax/abis-file';

const [yearText, path, url] = process.argv.slice(2);
const year = Number(yearText);
if (!Number.isInteger(year) || !path) {
  console.error('usage: npx tsx scripts/abis-load.ts <year> <file.xlsx|file.csv> [source URL]');
  process.exit(1);
}
const reading = await readTable(new Uint8Array(await readFile(path)), path);
if ('problem' in reading) {
  console.error(`${path}: ${reading.problem}`);
  process.exit(1);
}
const isins = abisIsins(reading.table.rows);
if (isins.length === 0) {
  console.error(`${path}: no ISIN found`);
  process.exit(1);
}
const target = fileURLToPath(new URL(`../src/domain/tax/abis/${year}.json`, import.meta.url));
const list = {
  year,
  source: {
    site: 'skat.dk',
    title: `Liste over aktiebaserede investeringsselskaber (ABIS-listen) ${year}`,
    ...(url ? { url } : {}),
  },
  loaded: new Date().toISOString().slice(0, 10),
  isins,
};
await writeFile(target, `${JSON.stringify(list, null, 2)}\n`);
console.log(`${target}: ${isins.length} ISINs for ${year}`);
