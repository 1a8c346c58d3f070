// src/contract/demo-data.json is what the demo and the server seed the demo account from, made
// once by faker (demo-data-maker.ts) rather than in every fresh demo page. The test writes the
// file, and fails when the committed one differed: a changed maker or market commits its data.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { makeDemoPortfolios } from '../../../src/contract/demo-data-maker';

const FILE = fileURLToPath(new URL('../../../src/contract/demo-data.json', import.meta.url));

it('src/contract/demo-data.json holds what faker makes from the demo seed', () => {
  const made = `${JSON.stringify(makeDemoPortfolios(), null, 2)}\n`;
  const committed = existsSync(FILE) ? readFileSync(FILE, 'utf8') : undefined;
  if (committed !== made) writeFileSync(FILE, made);
  expect(committed, 'src/contract/demo-data.json was stale: written anew, commit it').toBe(made);
});
