// Fake CoinGecko v3: search, market_chart/range and simple/price for a few coins, with two
// coins sharing the ticker BTC (and an unranked third) as on the real service.
import { json, type Clock, type FakeAnswer, type FakeRequest } from './http';
import { pathPrice } from './prices';

interface Coin {
  id: string;
  name: string;
  symbol: string;
  rank: number | null;
  level: number;
  supply: number;
}

/** Search order is CoinGecko's relevance, not the rank: the best coin is not always first. */
export const COINS: readonly Coin[] = [
  { id: 'batcat', name: 'batcat', symbol: 'BTC', rank: 2345, level: 0.0004, supply: 1e12 },
  {
    id: 'bitcoin-bridged-fake',
    name: 'Bitcoin (Bridged)',
    symbol: 'BTC',
    rank: null,
    level: 60_000,
    supply: 10,
  },
  { id: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', rank: 1, level: 60_000, supply: 19.8e6 },
  { id: 'ethereum', name: 'Ethereum', symbol: 'ETH', rank: 2, level: 3000, supply: 120e6 },
  { id: 'ripple', name: 'XRP', symbol: 'XRP', rank: 4, level: 0.6, supply: 57e9 },
  { id: 'binancecoin', name: 'BNB', symbol: 'BNB', rank: 5, level: 550, supply: 146e6 },
  { id: 'solana', name: 'Solana', symbol: 'SOL', rank: 6, level: 150, supply: 470e6 },
  { id: 'dogecoin', name: 'Dogecoin', symbol: 'DOGE', rank: 8, level: 0.15, supply: 146e9 },
  { id: 'cardano', name: 'Cardano', symbol: 'ADA', rank: 10, level: 0.45, supply: 35e9 },
];

/** Quote currencies the fake knows, per USD. */
const PER_USD: Readonly<Record<string, number>> = { usd: 1, eur: 0.92, dkk: 6.86 };

const DAY_S = 86_400;
/** Keyless and demo plans: a year of history; an older `from` is refused outright. */
const HISTORY_DAYS = 365;

function coinOf(id: string): Coin | undefined {
  return COINS.find((c) => c.id === id);
}

/** CoinGecko's float64 prices, at 8 significant digits. */
function priceOf(coin: Coin, epochMs: number, perUsd = 1): number {
  return Number((pathPrice(coin.id, coin.level, epochMs, 2.5) * perUsd).toPrecision(8));
}

const coinNotFound = () => json(404, { error: 'coin not found' });

export function search(request: FakeRequest): FakeAnswer {
  const needle = (request.query.query ?? '').trim().toLowerCase();
  const coins = needle
    ? COINS.filter((c) =>
        [c.id, c.name.toLowerCase(), c.symbol.toLowerCase()].some((text) => text.includes(needle)),
      )
    : [];
  return json(200, {
    coins: coins.map((c) => ({
      id: c.id,
      name: c.name,
      api_symbol: c.id,
      symbol: c.symbol,
      market_cap_rank: c.rank,
      thumb: `https://coin-images.coingecko.com/coins/images/1/thumb/${c.id}.png`,
      large: `https://coin-images.coingecko.com/coins/images/1/large/${c.id}.png`,
    })),
    exchanges: [],
    icos: [],
    categories: [],
    nfts: [],
  });
}

export function marketChartRange(id: string, request: FakeRequest, now: Clock): FakeAnswer {
  const coin = coinOf(id);
  if (!coin) return coinNotFound();
  const { vs_currency: vs = '', from, to } = request.query;
  const perUsd = PER_USD[vs.toLowerCase()];
  if (perUsd === undefined) return json(400, { error: 'invalid vs_currency' });
  const start = Number(from);
  const end = Number(to);
  if (from === undefined || to === undefined || !Number.isFinite(start) || !Number.isFinite(end)) {
    return json(400, { error: 'Missing or invalid parameter: from, to' });
  }
  const at = now();
  if (start < at / 1000 - HISTORY_DAYS * DAY_S) {
    return json(401, {
      error: {
        status: {
          timestamp: new Date(at).toISOString().replace('Z', '+00:00'),
          error_code: 10012,
          error_message:
            'Your request exceeds the allowed time range. Public API users are limited to querying historical data within the past 365 days. Upgrade to a paid plan to enjoy full historical data access: https://www.coingecko.com/en/api/pricing. ',
        },
      },
    });
  }
  // Granularity as CoinGecko picks it: 5-minutely within a day, hourly within 90 days, else daily.
  const span = end - start;
  const step = span <= DAY_S ? 300 : span <= 90 * DAY_S ? 3600 : DAY_S;
  const last = Math.min(end, at / 1000);
  const times: number[] = [];
  for (let t = Math.ceil(start / step) * step; t <= last; t += step) times.push(t * 1000);
  // The last point is "now" when the range reaches it.
  if (end >= at / 1000 && times[times.length - 1] !== at) times.push(at);
  const prices = times.map((t) => [t, priceOf(coin, t, perUsd)]);
  return json(200, {
    prices,
    market_caps: prices.map(([t, p]) => [t, Math.round(p * coin.supply)]),
    total_volumes: prices.map(([t, p]) => [t, Math.round(p * coin.supply * 0.03)]),
  });
}

export function simplePrice(request: FakeRequest, now: Clock): FakeAnswer {
  const ids = (request.query.ids ?? '').split(',').filter(Boolean);
  const currencies = (request.query.vs_currencies ?? '').split(',').filter(Boolean);
  if (ids.length === 0 || currencies.length === 0) {
    return json(400, { error: 'Missing parameter ids or vs_currencies' });
  }
  const withTime = request.query.include_last_updated_at === 'true';
  // Prices move once a minute; unknown ids are simply left out.
  const updated = Math.floor(now() / 60_000) * 60;
  const answer: Record<string, Record<string, number>> = {};
  for (const id of ids) {
    const coin = coinOf(id);
    if (!coin) continue;
    const entry: Record<string, number> = {};
    for (const vs of currencies) {
      const perUsd = PER_USD[vs.toLowerCase()];
      if (perUsd !== undefined) entry[vs.toLowerCase()] = priceOf(coin, updated * 1000, perUsd);
    }
    if (withTime) entry.last_updated_at = updated;
    answer[id] = entry;
  }
  return json(200, answer);
}
