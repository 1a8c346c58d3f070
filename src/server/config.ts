// The server's settings, read from the environment once at start and validated, then passed in.

export interface Config {
  port: number;
  host: string;
  /** Undefined: the embedded SQLite file under ./data/. */
  databaseUrl: string | undefined;
  /** Create the demo account with the demo data when it does not exist yet. */
  demo: boolean;
  /** bcrypt's cost; Laravel's BCRYPT_ROUNDS default is 12. */
  bcryptRounds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Behind a reverse proxy: trust X-Forwarded-For and -Proto (client address, HTTPS). */
  trustProxy: boolean;
  /** The live build of the app to serve; none serves the API only. */
  appRoot: string | undefined;
  market: MarketConfig;
  /** Absent (in tests): links are logged, and point at http://localhost:PORT. */
  mail?: MailConfig;
}

/** Where password reset links are sent from, and where they point. */
export interface MailConfig {
  /** smtp:// or smtps:// with any user and password; undefined: links are logged, not sent. */
  smtpUrl: string | undefined;
  /** The sender, "Name <address>" or an address; required with `smtpUrl`. */
  from: string | undefined;
  /** The app's address as its users reach it: the links start with it. */
  appUrl: string;
}

/** Where prices come from: real providers, or the demo's deterministic market. */
export interface MarketConfig {
  mode: 'live' | 'synthetic';
  yahooUrl: string;
  ecbUrl: string;
  openFigiUrl: string;
  coinGeckoUrl: string;
  openFigiApiKey: string | undefined;
  coinGeckoApiKey: string | undefined;
}

export const DEFAULT_MARKET: MarketConfig = {
  mode: 'live',
  yahooUrl: 'https://query1.finance.yahoo.com',
  ecbUrl: 'https://www.ecb.europa.eu',
  openFigiUrl: 'https://api.openfigi.com',
  coinGeckoUrl: 'https://api.coingecko.com',
  openFigiApiKey: undefined,
  coinGeckoApiKey: undefined,
};

export const SETTINGS_HELP = `Formue server: the app and its /api/v1 on one origin.

Usage: npm start [-- --help]

Settings (environment variables):
  PORT           port to listen on (default 8080)
  HOST           address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)
  DATABASE_URL   unset: SQLite file ./data/formue.sqlite
                 sqlite:<path>  another SQLite file (sqlite::memory: keeps nothing)
                 postgres://user:password@host:port/database  PostgreSQL
  FORMUE_DEMO    1: create demo@example.com / demo1234 with the demo data if missing
  BCRYPT_ROUNDS  bcrypt cost of password hashes, 4 to 31 (default 12, as Laravel)
  LOG_LEVEL      fatal, error, warn, info (default), debug, trace or silent
  TRUST_PROXY    1: behind a reverse proxy that sets X-Forwarded-For and X-Forwarded-Proto

Password reset e-mail:
  SMTP_URL   smtp://user:password@host:587 or smtps://user:password@host:465; unset: the
             reset link is written to the log instead of sent
  MAIL_FROM  the sender, e.g. "Formue <formue@example.com>" (required with SMTP_URL)
  APP_URL    the app's address as users reach it, e.g. https://formue.example.com: reset links
             start with it (required with SMTP_URL; default http://localhost:PORT)

Market data:
  MARKET_DATA        live (default): real prices from the providers below, kept in the database
                     synthetic: the demo's made-up market, no network
  YAHOO_URL          Yahoo Finance (default https://query1.finance.yahoo.com)
  ECB_URL            ECB euro reference rates (default https://www.ecb.europa.eu)
  OPENFIGI_URL       OpenFIGI (default https://api.openfigi.com)
  COINGECKO_URL      CoinGecko (default https://api.coingecko.com)
  OPENFIGI_API_KEY   optional: sent to OpenFIGI only when set (raises its rate limit)
  COINGECKO_API_KEY  optional: a CoinGecko demo key, sent only when set
`;

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, not "${raw}".`);
}

function databaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (/^sqlite:.+/.test(raw) || /^postgres(ql)?:\/\/.+/.test(raw)) return raw;
  throw new ConfigError(
    'DATABASE_URL must be sqlite:<path> or postgres://user:password@host:port/database ' +
      '(or unset for ./data/formue.sqlite).',
  );
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new ConfigError(`${name} must be an http:// or https:// URL, not "${raw}".`);
  // Adapters append paths to it.
  return raw.replace(/\/+$/, '');
}

function marketConfig(env: NodeJS.ProcessEnv): MarketConfig {
  const mode = env.MARKET_DATA === undefined || env.MARKET_DATA === '' ? 'live' : env.MARKET_DATA;
  if (mode !== 'live' && mode !== 'synthetic')
    throw new ConfigError(`MARKET_DATA must be live or synthetic, not "${mode}".`);
  const key = (name: string) => (env[name] === '' ? undefined : env[name]);
  return {
    mode,
    yahooUrl: httpUrl(env, 'YAHOO_URL', DEFAULT_MARKET.yahooUrl),
    ecbUrl: httpUrl(env, 'ECB_URL', DEFAULT_MARKET.ecbUrl),
    openFigiUrl: httpUrl(env, 'OPENFIGI_URL', DEFAULT_MARKET.openFigiUrl),
    coinGeckoUrl: httpUrl(env, 'COINGECKO_URL', DEFAULT_MARKET.coinGeckoUrl),
    openFigiApiKey: key('OPENFIGI_API_KEY'),
    coinGeckoApiKey: key('COINGECKO_API_KEY'),
  };
}

function mailConfig(env: NodeJS.ProcessEnv, port: number): MailConfig {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl))
    throw new ConfigError(
      'SMTP_URL must be smtp://user:password@host:port or smtps://…, not that.',
    );
  const from = value('MAIL_FROM');
  // An address, alone or as `Name <address>`.
  if (from !== undefined && !/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from))
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", not "${from}".`);
  const appUrl = value('APP_URL');
  if (smtpUrl !== undefined && (from === undefined || appUrl === undefined))
    throw new ConfigError(
      'SMTP_URL needs MAIL_FROM and APP_URL: the sender and where links point.',
    );
  return {
    smtpUrl,
    from,
    appUrl: httpUrl(env, 'APP_URL', `http://localhost:${port}`),
  };
}

/** Addresses that only this machine reaches. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1)$/;

/**
 * What starts, but likely not as meant: written to the log at start. Without APP_URL, reset
 * links point at http://localhost:PORT, which only a browser on this machine can open.
 */
export function settingsWarnings(env: NodeJS.ProcessEnv, config: Config): string[] {
  const appUrlSet = env.APP_URL !== undefined && env.APP_URL !== '';
  if (appUrlSet || LOOPBACK.test(config.host)) return [];
  return [
    `HOST is ${config.host} but APP_URL is unset: password reset links point at ` +
      `http://localhost:${config.port}, which other machines cannot open. Set APP_URL to the ` +
      'address users reach the app at.',
  ];
}

/** The demo's market, no network: for try-outs and tests. */
export const SYNTHETIC_MARKET: MarketConfig = { ...DEFAULT_MARKET, mode: 'synthetic' };

export function readConfig(env: NodeJS.ProcessEnv, appRoot: string | undefined): Config {
  const level = env.LOG_LEVEL ?? 'info';
  const logLevel = LOG_LEVELS.find((l) => l === level);
  if (!logLevel) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  const host = env.HOST ?? '127.0.0.1';
  if (!/^[\w.:-]+$/.test(host)) throw new ConfigError(`HOST must be an address, not "${host}".`);
  const port = integer(env, 'PORT', 8080, 0, 65535);
  return {
    port,
    host,
    databaseUrl: databaseUrl(env.DATABASE_URL),
    demo: flag(env, 'FORMUE_DEMO'),
    bcryptRounds: integer(env, 'BCRYPT_ROUNDS', 12, 4, 31),
    logLevel,
    trustProxy: flag(env, 'TRUST_PROXY'),
    appRoot,
    market: marketConfig(env),
    mail: mailConfig(env, port),
  };
}
