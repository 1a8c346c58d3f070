// The real providers, each behind its own guarded HTTP client (rate limit, timeout, circuit
// breaker), at the base URLs the settings give: the services themselves, or a local fake.
import type { MarketConfig } from '../config';
import { coinGecko } from '../../market/providers/coingecko';
import { ecbRates } from '../../market/providers/ecb';
import { openFigi, openFigiSearch } from '../../market/providers/openfigi';
import { yahooListings, yahooQuotes } from '../../market/providers/yahoo';
import { utcDay } from '../../market/zoned-time';
import { guardedHttp } from './http';
import type {
  CoinFinder,
  FxProvider,
  ListingFinder,
  ListingSearch,
  NameSearch,
  QuoteProvider,
} from '../../market/port';

export interface Providers {
  quotes: { yahoo: QuoteProvider; coingecko: QuoteProvider };
  /** Ways from an ISIN to listings, asked together; the first's listings come first. */
  finders: ListingFinder[];
  coins: CoinFinder & ListingSearch;
  /** Listings by name where no ISIN is given (OpenFIGI's search). */
  names: NameSearch;
  fx: FxProvider;
}

/** Requests a minute: well inside each service's published or observed limits. */
const RATES = {
  // Unofficial and quick to throttle by address: one request every two seconds.
  yahoo: 30,
  // 25 a minute without a key; a key allows 25 every 6 s.
  openfigi: 20,
  // Its search has a limit of its own: 5 a minute without a key, 20 with one.
  openfigiSearch: 4,
  // 30 a minute on the demo plan, 5 to 15 without a key.
  coingecko: 12,
  ecb: 10,
} as const;

const ECB_TIMEOUT_MS = 60_000;

export function realProviders(config: MarketConfig, now: () => number = Date.now): Providers {
  const http = (
    name: keyof typeof RATES,
    requestsPerMinute: number = RATES[name],
    timeoutMs?: number,
  ) => guardedHttp({ name, requestsPerMinute, now, timeoutMs });
  const yahooHttp = http('yahoo');
  const coins = coinGecko({
    baseUrl: config.coinGeckoUrl,
    http: http('coingecko', config.coinGeckoApiKey ? 25 : RATES.coingecko),
    apiKey: config.coinGeckoApiKey,
    now,
  });
  return {
    quotes: {
      yahoo: yahooQuotes({ baseUrl: config.yahooUrl, http: yahooHttp, now }),
      coingecko: coins,
    },
    finders: [
      yahooListings({ baseUrl: config.yahooUrl, http: yahooHttp, now }),
      openFigi({
        baseUrl: config.openFigiUrl,
        http: http('openfigi', config.openFigiApiKey ? 200 : RATES.openfigi),
        apiKey: config.openFigiApiKey,
        now,
      }),
    ],
    coins,
    names: openFigiSearch({
      baseUrl: config.openFigiUrl,
      http: http('openfigiSearch', config.openFigiApiKey ? 18 : RATES.openfigiSearch),
      apiKey: config.openFigiApiKey,
      now,
    }),
    // The whole history is a file of several MB: a slow line needs longer than a quote.
    fx: ecbRates({
      baseUrl: config.ecbUrl,
      http: http('ecb', RATES.ecb, ECB_TIMEOUT_MS),
      today: () => utcDay(now()),
      now,
    }),
  };
}
