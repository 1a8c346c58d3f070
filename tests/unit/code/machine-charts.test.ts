// Each machine's chart, as XState gives it (`machine.toJSON()`: states, transitions, tags and the
// states' descriptions), in docs/machines/<name>.json for a reader without the code. The test
// writes the file, and fails when the committed one differed: a changed machine commits its chart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine } from 'xstate';

const CHARTS = fileURLToPath(new URL('../../../docs/machines/', import.meta.url));
const MODULES = import.meta.glob<Record<string, unknown>>('../../../src/machines/**/*.machine.ts');

it.each(Object.keys(MODULES))('docs/machines holds the current chart of %s', async (path) => {
  const machines = Object.values(await MODULES[path]()).filter(
    (value): value is AnyStateMachine => value instanceof StateMachine,
  );
  expect(machines).toHaveLength(1);
  const name = basename(path, '.machine.ts');
  const chart = `${JSON.stringify(machines[0].toJSON(), null, 2)}\n`;
  const file = `${CHARTS}${name}.json`;
  const committed = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (committed !== chart) {
    mkdirSync(CHARTS, { recursive: true });
    writeFileSync(file, chart);
  }
  expect(committed, `docs/machines/${name}.json was stale: written anew, commit it`).toBe(chart);
});
