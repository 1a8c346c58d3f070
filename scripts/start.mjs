// `npm start`: builds the live app when the sources are newer than the build, then runs the
// server (src/server/main.ts), which serves that build and the API on one origin.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-fresh.mjs';

const args = process.argv.slice(2);
const wantsHelp = args.includes('--help') || args.includes('-h');
if (!wantsHelp) buildIfStale('live');

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
  stdio: 'inherit',
});
// The server finishes its requests in flight on SIGTERM; pass the signal on and wait.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
