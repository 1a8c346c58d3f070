// A Formue server as the tests and benchmarks start it: a free port on 127.0.0.1, bcrypt at its
// lowest cost, no log lines, no demo account, and the demo's made-up market (nothing leaves the
// machine) unless the caller overrides any of these. A live market's start does not place the
// default benchmark unless asked: only the tests of that placement want its requests. On
// PostgreSQL it opens and keeps one connection, not production's eight (KEPT_CONNECTIONS): a test
// sends one request at a time, and each connection is a backend process started for it, about
// 45 ms of PostgreSQL's CPU on this machine, a fifth of a contract test's start (docs/benchmarks.md,
// CI, ci9); more open when requests overlap. The benchmarks and the fault soak keep production's.
// The contract's servers are given a pool kept from test to test instead (StartOptions.database,
// tests/server/databases.ts).
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_MARKET,
  SYNTHETIC_MARKET,
  type Config,
  type MarketConfig,
} from '../../src/server/config';
import { startServer, type StartOptions } from '../../src/server/server';

export function quietConfig(databaseUrl: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    demo: false,
    bcryptRounds: 4,
    logLevel: 'silent',
    trustProxy: false,
    appRoot: undefined,
    market: SYNTHETIC_MARKET,
    ...overrides,
  };
}

/** Real market data from providers all at one base URL: the fake market's. */
export function liveMarketAt(url: string): MarketConfig {
  return { ...DEFAULT_MARKET, yahooUrl: url, ecbUrl: url, openFigiUrl: url, coinGeckoUrl: url };
}

export interface QuietServer {
  app: FastifyInstance;
  port: number;
  /** http://127.0.0.1:PORT */
  origin: string;
}

export async function startQuietServer(
  databaseUrl: string,
  overrides: Partial<Config> = {},
  options: StartOptions = {},
): Promise<QuietServer> {
  const app = await startServer(quietConfig(databaseUrl, overrides), {
    placeBenchmark: false,
    keptConnections: 1,
    ...options,
  });
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    await app.close();
    throw new Error('not listening');
  }
  return { app, port: address.port, origin: `http://127.0.0.1:${address.port}` };
}

/** A port free on 127.0.0.1 now, for a server started in a process of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}
