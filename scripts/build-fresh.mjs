// Builds the demo (dist/) or live (dist-live/) app only when the sources are newer than the last
// build of the same mode, so `npm start`, `npm run budget` and `npm run test:e2e` in a row build
// each app once. `node scripts/build-fresh.mjs demo live` builds both when needed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCES = [
  'src',
  'public',
  'index.html',
  'package-lock.json',
  'vite.config.ts',
  'scripts/vite',
];

/** Where each mode builds to, and the environment Vite builds it with. */
export const BUILDS = {
  demo: { outDir: 'dist', env: { VITE_API_MODE: 'mock' } },
  // The live build also holds the server's first paint (src/first-paint.tsx) for Node, in ssr/.
  live: {
    outDir: 'dist-live',
    env: { VITE_API_MODE: 'live', VITE_API_URL: '' },
    ssr: 'src/first-paint.tsx',
  },
};

/** What a build was made from; a build of another mode or API address in the folder is stale. */
const STAMP = '.formue-build.json';

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function isFresh(outDir, stamp) {
  const stampFile = join(outDir, STAMP);
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) return false;
  return statSync(stampFile).mtimeMs >= Math.max(...SOURCES.filter(existsSync).map(newest));
}

/** Builds `mode` unless its folder already holds a build of the current sources. */
export function buildIfStale(mode, { force = false } = {}) {
  const { outDir, env, ssr } = BUILDS[mode];
  const stamp = JSON.stringify(env);
  if (!force && isFresh(outDir, stamp)) return false;
  console.log(`Building the app (${mode} mode) into ${outDir} …`);
  execFileSync(
    'node_modules/.bin/vite',
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (ssr)
    execFileSync(
      'node_modules/.bin/vite',
      ['build', '--ssr', ssr, '--outDir', join(outDir, 'ssr'), '--logLevel', 'warn'],
      { stdio: 'inherit', env: { ...process.env, ...env } },
    );
  writeFileSync(join(outDir, STAMP), stamp);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const modes = process.argv.slice(2);
  const unknown = modes.filter((mode) => !(mode in BUILDS));
  if (modes.length === 0 || unknown.length > 0) {
    console.error(`usage: node scripts/build-fresh.mjs ${Object.keys(BUILDS).join('|')} …`);
    process.exit(2);
  }
  for (const mode of modes) buildIfStale(mode);
}
