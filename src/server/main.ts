// `npm start`: reads the settings and serves app and API until SIGTERM or SIGINT, finishing
// the requests in flight before it exits.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, readConfig, settingsWarnings, SETTINGS_HELP, type Config } from './config';

/** Where `npm start` puts the live build of the app. */
const APP_ROOT = resolve('dist-live');

async function main() {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write(SETTINGS_HELP);
    return;
  }
  let config: Config;
  try {
    config = readConfig(
      process.env,
      existsSync(resolve(APP_ROOT, 'index.html')) ? APP_ROOT : undefined,
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`formue: ${error.message}\nSee npm start -- --help.\n`);
    process.exitCode = 2;
    return;
  }
  // Loaded only now: --help and a bad setting answer without loading the server (3 s of CPU).
  const { startServer } = await import('./server');
  const app = await startServer(config);
  if (!config.appRoot) app.log.warn('no live build in dist-live: serving the API only');
  for (const warning of settingsWarnings(process.env, config)) app.log.warn(warning);
  const stop = (signal: string) => {
    app.log.info({ signal }, 'shutting down after the requests in flight');
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

await main();
