// `npm start`: builds the live app when the sources are newer than the build, then runs the
// server (src/server/main.ts), which serves that build and the API on one origin.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'dist-live';
const SOURCES = ['src', 'public', 'index.html', 'package-lock.json', 'vite.config.ts'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const args = process.argv.slice(2);
const wantsHelp = args.includes('--help') || args.includes('-h');
const built = join(OUT, 'index.html');
const stale =
  !existsSync(built) ||
  statSync(built).mtimeMs < Math.max(...SOURCES.filter(existsSync).map(newest));
if (!wantsHelp && stale) {
  console.log('Building the app (live mode) into dist-live …');
  execFileSync(
    'node_modules/.bin/vite',
    ['build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, VITE_API_MODE: 'live', VITE_API_URL: '' },
    },
  );
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
  stdio: 'inherit',
});
// The server finishes its requests in flight on SIGTERM; pass the signal on and wait.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
