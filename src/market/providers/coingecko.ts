// CoinGecko v3: crypto prices in USD by coin id (`bitcoin`), and coins by ticker. Tickers
// collide (two coins call themselves BTC), so a ticker resolves to the best-ranked coin.
import { FLOAT64_DIGITS, decimalOf } from '../decimals';
import {
  MarketDataError,
  type CoinFinder,
  type Day,
  type HttpClient,
  type ListingCandidate,
  type ListingSearch,
  type ProviderClose,
  type ProviderHistory,
  type ProviderQuote,
  type QuoteProvider,
} from '../port';
import { addDays, checkRange, utcDay, utcMidnight } from '../zoned-time';
import {
  badResponse,
  isFiniteNumber,
  isObject,
  parseJson,
  stringField,
  transientError,
  tryParseJson,
} from './answers';

export interface CoinGeckoOptions {
  /** `https://api.coingecko.com`, or a fake's URL. */
  baseUrl: string;
  http: HttpClient;
  /** A demo key (`x-cg-demo-api-key`); keyless works too, at a lower rate. */
  apiKey?: string;
  /**
   * Days of history the plan serves (365 keyless and demo). Older `from`s are cut to it, since
   * CoinGecko refuses the whole request otherwise. `Infinity` on a paid plan.
   */
  historyDays?: number;
  now?: () => number;
}

const PROVIDER = 'coingecko';

/** CoinGecko's code for "your plan does not reach that far back" (HTTP 401). */
const BEYOND_PLAN_HISTORY = 10012;

function errorCode(body: unknown): number | undefined {
  // `{"status": {...}}` on 429s, `{"error": {"status": {...}}}` on 401s.
  const holder = isObject(body) && isObject(body.error) ? body.error : body;
  const status = isObject(holder) ? holder.status : undefined;
  return isObject(status) && isFiniteNumber(status.error_code) ? status.error_code : undefined;
}

async function get(options: CoinGeckoOptions, path: string): Promise<unknown> {
  const now = (options.now ?? Date.now)();
  const response = await options.http({
    url: `${options.baseUrl.replace(/\/+$/, '')}${path}`,
    method: 'GET',
    headers: {
      Accept: 'application/json',
      ...(options.apiKey ? { 'x-cg-demo-api-key': options.apiKey } : {}),
    },
  });
  const transient = transientError(PROVIDER, response, now);
  if (transient) throw transient;
  const body = tryParseJson(response.text);
  if (response.status === 404) {
    const message = isObject(body) ? stringField(body, 'error') : undefined;
    // `{"error":"coin not found"}`; any other 404 (a wrong path) says nothing about the coin.
    if (message && /not found/i.test(message)) {
      throw new MarketDataError('not-found', `${PROVIDER}: ${message}`);
    }
    throw new MarketDataError('unavailable', `${PROVIDER}: HTTP 404 ${message ?? ''}`.trim());
  }
  if (response.status === 401 && errorCode(body) === BEYOND_PLAN_HISTORY) {
    throw new MarketDataError('no-data', `${PROVIDER}: beyond the plan's history`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new MarketDataError('unavailable', `${PROVIDER}: refused (HTTP ${response.status})`);
  }
  if (response.status !== 200) throw badResponse(PROVIDER, `HTTP ${response.status}`);
  const parsed = parseJson(PROVIDER, response.text);
  // The keyless tier has been seen answering a rate limit with 200 and this body.
  if (errorCode(parsed) === 429) {
    throw new MarketDataError('rate-limited', `${PROVIDER}: rate limited`);
  }
  return parsed;
}

interface Coin {
  id: string;
  name: string;
  symbol: string;
  rank: number | null;
}

/** The coins of a search answer, in CoinGecko's order. */
export function parseCoins(body: unknown): Coin[] {
  if (!isObject(body) || !Array.isArray(body.coins)) throw badResponse(PROVIDER, 'no coins');
  return body.coins.map((coin: unknown) => {
    if (!isObject(coin)) throw badResponse(PROVIDER, 'bad coin');
    const id = stringField(coin, 'id');
    const symbol = stringField(coin, 'symbol');
    if (!id || !symbol) throw badResponse(PROVIDER, 'coin lacks id or symbol');
    const rank = isFiniteNumber(coin.market_cap_rank) ? coin.market_cap_rank : null;
    return { id, symbol, name: stringField(coin, 'name') ?? id, rank };
  });
}

function candidate(coin: Coin): ListingCandidate {
  return {
    provider: 'coingecko',
    symbol: coin.id,
    name: coin.name,
    exchange: 'CoinGecko',
    currency: 'USD',
    kind: 'crypto',
  };
}

/** The coin a ticker means: among exact symbol matches, the best (lowest) market-cap rank. */
export function pickCoin(coins: Coin[], ticker: string): Coin | undefined {
  const wanted = ticker.trim().toUpperCase();
  let best: Coin | undefined;
  for (const coin of coins) {
    if (coin.symbol.toUpperCase() !== wanted || coin.rank === null) continue;
    if (!best || best.rank === null || coin.rank < best.rank) best = coin;
  }
  // Unranked coins are left out: a shared ticker without a rank is more likely a copycat.
  return best;
}

async function searchCoins(options: CoinGeckoOptions, query: string): Promise<Coin[]> {
  return parseCoins(await get(options, `/api/v3/search?query=${encodeURIComponent(query.trim())}`));
}

/** `prices: [[ms, price]]` as one close per UTC day, the day's last point, within [from, to]. */
export function parseMarketChart(body: unknown, from: Day, to: Day): ProviderClose[] {
  if (!isObject(body) || !Array.isArray(body.prices)) throw badResponse(PROVIDER, 'no prices');
  const points = body.prices.map((point: unknown) => {
    if (!Array.isArray(point) || !isFiniteNumber(point[0]) || !isFiniteNumber(point[1])) {
      throw badResponse(PROVIDER, 'bad price point');
    }
    return [point[0], point[1]] as const;
  });
  const closes = new Map<Day, ProviderClose>();
  for (const [time, price] of [...points].sort((a, b) => a[0] - b[0])) {
    // A daily point at 00:00 UTC is the day before's close: the price as that day ended.
    const day = utcDay(time - 1);
    if (day >= from && day <= to) closes.set(day, { day, close: decimalOf(price, FLOAT64_DIGITS) });
  }
  return [...closes.values()];
}

async function history(
  options: CoinGeckoOptions,
  id: string,
  from: Day,
  to: Day,
): Promise<ProviderHistory> {
  checkRange(from, to);
  const now = (options.now ?? Date.now)();
  const days = options.historyDays ?? 365;
  const earliest = Number.isFinite(days) ? utcMidnight(addDays(utcDay(now), 1 - days)) : 0;
  const start = Math.max(utcMidnight(from), earliest);
  const end = utcMidnight(addDays(to, 1));
  if (start >= end) {
    throw new MarketDataError(
      'no-data',
      `${PROVIDER}: ${id}: ${from} to ${to} is beyond the plan's history`,
    );
  }
  const path =
    `/api/v3/coins/${encodeURIComponent(id)}/market_chart/range` +
    `?vs_currency=usd&from=${Math.floor(start / 1000)}&to=${Math.floor(end / 1000)}`;
  const body = await get(options, path);
  if (isObject(body) && Array.isArray(body.prices) && body.prices.length === 0) {
    throw new MarketDataError('no-data', `${PROVIDER}: ${id}: no prices from ${from} to ${to}`);
  }
  return {
    currency: 'USD',
    timezone: 'UTC',
    closes: parseMarketChart(body, from, to),
    splits: [],
    dividends: [],
  };
}

/** A simple/price answer for one coin. */
export function parseSimplePrice(body: unknown, id: string, now: number): ProviderQuote {
  if (!isObject(body)) throw badResponse(PROVIDER, 'bad price answer');
  const entry = body[id];
  // Unknown ids are left out of the answer rather than refused.
  if (entry === undefined)
    throw new MarketDataError('not-found', `${PROVIDER}: ${id}: no such coin`);
  if (!isObject(entry) || !isFiniteNumber(entry.usd)) throw badResponse(PROVIDER, 'no usd price');
  const time = isFiniteNumber(entry.last_updated_at) ? entry.last_updated_at * 1000 : now;
  const price = decimalOf(entry.usd, FLOAT64_DIGITS);
  return { price, currency: 'USD', time, day: utcDay(time), intraday: [] };
}

async function latest(options: CoinGeckoOptions, id: string): Promise<ProviderQuote> {
  const ids = encodeURIComponent(id);
  const body = await get(
    options,
    `/api/v3/simple/price?ids=${ids}&vs_currencies=usd&include_last_updated_at=true`,
  );
  return parseSimplePrice(body, id, (options.now ?? Date.now)());
}

export function coinGecko(options: CoinGeckoOptions): QuoteProvider & CoinFinder & ListingSearch {
  return {
    id: 'coingecko',
    history: (id, from, to) => history(options, id, from, to),
    latest: (id) => latest(options, id),
    bySymbol: async (ticker) => {
      const coin = pickCoin(await searchCoins(options, ticker), ticker);
      return coin && candidate(coin);
    },
    // A coin's ticker is its identifier in Formue (`instrument.isin` of a crypto investment).
    search: async (query) =>
      (await searchCoins(options, query)).map((coin) => ({
        ...candidate(coin),
        isin: coin.symbol.toUpperCase(),
      })),
  };
}
