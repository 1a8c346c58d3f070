// Yahoo Finance: daily closes, splits, dividends and the latest price from the chart API (v8),
// listings from search (v1). Unofficial endpoints: the answers are checked field by field, and
// every surprise becomes a typed MarketDataError rather than a wrong price.
import { decimalOf } from '../decimals';
import { exchangeByYahooCode } from '../exchanges';
import {
  MarketDataError,
  type Day,
  type HttpClient,
  type HttpResponse,
  type ListingCandidate,
  type ListingFinder,
  type ListingFound,
  type ListingSearch,
  type ProviderClose,
  type ProviderDividend,
  type ProviderHistory,
  type ProviderQuote,
  type ProviderSplit,
  type QuoteProvider,
} from '../port';
import { addDays, checkRange, dayInZone, utcMidnight } from '../zoned-time';
import { isValidIsin } from '../../domain/isin';
import {
  badResponse,
  isFiniteNumber,
  isObject,
  parseJson,
  stringField,
  transientError,
  tryParseJson,
  type JsonObject,
} from './answers';

export interface YahooOptions {
  /** `https://query1.finance.yahoo.com`, or a fake's URL. */
  baseUrl: string;
  http: HttpClient;
  /** The clock, for Retry-After dates. */
  now?: () => number;
}

const PROVIDER = 'yahoo';

/** Yahoo refuses clients that do not look like a browser. */
export const YAHOO_HEADERS: Readonly<Record<string, string>> = {
  'User-Agent':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  Accept: 'application/json',
};

/** Minor-unit codes some feeds use, in the form Formue keeps (`GBp`: pence). */
const MINOR_UNITS: Readonly<Record<string, string>> = { GBX: 'GBp', ZAC: 'ZAc' };

/** A currency as quoted, with GBX and ZAC written as GBp and ZAc; ILA and the rest unchanged. */
export function normaliseCurrency(code: string): string {
  return MINOR_UNITS[code] ?? code;
}

const DAY_S = 86_400;

function trimmed(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

async function get(options: YahooOptions, url: string): Promise<HttpResponse> {
  const response = await options.http({ url, method: 'GET', headers: { ...YAHOO_HEADERS } });
  const transient = transientError(PROVIDER, response, (options.now ?? Date.now)());
  if (transient) throw transient;
  // 401/403 are Yahoo turning a client away (cookie, crumb, consent): try again later.
  if (response.status === 401 || response.status === 403) {
    throw new MarketDataError('unavailable', `${PROVIDER}: refused (HTTP ${response.status})`);
  }
  return response;
}

/** `chart.error` of an answer, when the body is a chart envelope that has one. */
function chartError(body: unknown): { code: string; description: string } | undefined {
  if (!isObject(body) || !isObject(body.chart) || !isObject(body.chart.error)) return undefined;
  return {
    code: stringField(body.chart.error, 'code') ?? '',
    description: stringField(body.chart.error, 'description') ?? '',
  };
}

/** The chart answer's one result, or the typed error its status and envelope say. */
async function requestChart(
  options: YahooOptions,
  symbol: string,
  query: string,
): Promise<JsonObject> {
  const url = `${trimmed(options.baseUrl)}/v8/finance/chart/${encodeURIComponent(symbol)}?${query}`;
  const response = await get(options, url);
  const error = chartError(tryParseJson(response.text));
  if (error?.code === 'Not Found') {
    throw new MarketDataError('not-found', `${PROVIDER}: ${symbol}: ${error.description}`);
  }
  // A 404 without Yahoo's envelope says nothing about the symbol: an outage or a wrong base URL.
  if (response.status === 404) {
    throw new MarketDataError('unavailable', `${PROVIDER}: HTTP 404 without a chart answer`);
  }
  if (response.status === 400 && error && /doesn't exist|no data/i.test(error.description)) {
    throw new MarketDataError('no-data', `${PROVIDER}: ${symbol}: ${error.description}`);
  }
  if (response.status !== 200) {
    throw badResponse(PROVIDER, `HTTP ${response.status}${error ? `: ${error.description}` : ''}`);
  }
  const body = parseJson(PROVIDER, response.text);
  if (!isObject(body) || !isObject(body.chart)) throw badResponse(PROVIDER, 'no chart envelope');
  if (error) throw badResponse(PROVIDER, `${error.code}: ${error.description}`);
  const { result } = body.chart;
  if (result === null || (Array.isArray(result) && result.length === 0)) {
    throw new MarketDataError('no-data', `${PROVIDER}: ${symbol}: empty result`);
  }
  if (!Array.isArray(result) || !isObject(result[0])) throw badResponse(PROVIDER, 'no result');
  return result[0];
}

interface ChartMeta {
  currency: string;
  timezone: string;
  price: number | undefined;
  time: number | undefined;
}

function parseMeta(result: JsonObject): ChartMeta {
  const { meta } = result;
  if (!isObject(meta)) throw badResponse(PROVIDER, 'no meta');
  const currency = stringField(meta, 'currency');
  const timezone = stringField(meta, 'exchangeTimezoneName');
  if (!currency || !timezone) throw badResponse(PROVIDER, 'meta lacks currency or timezone');
  return {
    currency: normaliseCurrency(currency),
    timezone,
    price: isFiniteNumber(meta.regularMarketPrice) ? meta.regularMarketPrice : undefined,
    time: isFiniteNumber(meta.regularMarketTime) ? meta.regularMarketTime : undefined,
  };
}

/** [epoch s, close] pairs with the `null` closes left out; none when the answer has no bars. */
function parseBars(result: JsonObject): [number, number][] {
  const { timestamp, indicators } = result;
  if (timestamp === undefined) return [];
  if (!Array.isArray(timestamp) || !isObject(indicators) || !Array.isArray(indicators.quote)) {
    throw badResponse(PROVIDER, 'no timestamps or quotes');
  }
  const quote: unknown = indicators.quote[0];
  const close: unknown = isObject(quote) ? quote.close : undefined;
  if (!Array.isArray(close) || close.length !== timestamp.length) {
    throw badResponse(PROVIDER, 'closes do not match timestamps');
  }
  const bars: [number, number][] = [];
  timestamp.forEach((time: unknown, i) => {
    const value: unknown = close[i];
    if (value === null) return;
    if (!isFiniteNumber(time) || !isFiniteNumber(value)) throw badResponse(PROVIDER, 'bad bar');
    bars.push([time, value]);
  });
  return bars;
}

/** Events are objects keyed by their timestamp: `{"1718026200": {...}}`. */
function eventsOf(result: JsonObject, kind: 'splits' | 'dividends'): JsonObject[] {
  const { events } = result;
  if (events === undefined) return [];
  if (!isObject(events)) throw badResponse(PROVIDER, 'bad events');
  const group = events[kind];
  if (group === undefined) return [];
  if (!isObject(group)) throw badResponse(PROVIDER, `bad ${kind}`);
  return Object.values(group).map((event) => {
    if (!isObject(event) || !isFiniteNumber(event.date)) throw badResponse(PROVIDER, `bad ${kind}`);
    return event;
  });
}

const inRange = (day: Day, from: Day, to: Day) => day >= from && day <= to;

function parseSplits(result: JsonObject, timezone: string): ProviderSplit[] {
  return eventsOf(result, 'splits').map((event) => {
    const { numerator, denominator } = event;
    if (
      !isFiniteNumber(numerator) ||
      !isFiniteNumber(denominator) ||
      numerator <= 0 ||
      denominator <= 0
    ) {
      throw badResponse(PROVIDER, 'bad split ratio');
    }
    return { day: dayInZone(Number(event.date) * 1000, timezone), numerator, denominator };
  });
}

function parseDividends(result: JsonObject, timezone: string): ProviderDividend[] {
  return eventsOf(result, 'dividends').map((event) => {
    if (!isFiniteNumber(event.amount)) throw badResponse(PROVIDER, 'bad dividend');
    return { day: dayInZone(Number(event.date) * 1000, timezone), amount: decimalOf(event.amount) };
  });
}

const byDay = <T extends { day: Day }>(a: T, b: T) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

/** A daily chart answer as the port's history of [from, to], on the exchange's own days. */
export function parseHistory(result: JsonObject, from: Day, to: Day): ProviderHistory {
  const { currency, timezone } = parseMeta(result);
  const closes = new Map<Day, ProviderClose>();
  for (const [time, close] of parseBars(result)) {
    const day = dayInZone(time * 1000, timezone);
    // A later bar of the same day (today's live one) wins.
    if (inRange(day, from, to)) closes.set(day, { day, close: decimalOf(close) });
  }
  return {
    currency,
    timezone,
    closes: [...closes.values()].sort(byDay),
    splits: parseSplits(result, timezone)
      .filter((s) => inRange(s.day, from, to))
      .sort(byDay),
    dividends: parseDividends(result, timezone)
      .filter((d) => inRange(d.day, from, to))
      .sort(byDay),
  };
}

/** A 5-minute chart answer of range 1d as the port's latest quote. */
export function parseQuote(result: JsonObject): ProviderQuote {
  const { currency, timezone, price, time } = parseMeta(result);
  if (price === undefined || time === undefined) {
    throw badResponse(PROVIDER, 'meta lacks regularMarketPrice or regularMarketTime');
  }
  return {
    price: decimalOf(price),
    currency,
    time: time * 1000,
    day: dayInZone(time * 1000, timezone),
    intraday: parseBars(result)
      .map(([t, close]) => ({ time: t * 1000, price: decimalOf(close) }))
      .sort((a, b) => a.time - b.time),
  };
}

async function history(options: YahooOptions, symbol: string, from: Day, to: Day) {
  checkRange(from, to);
  // A day of margin each side: a bar's instant can fall on the UTC day before its local day.
  const period1 = utcMidnight(from) / 1000 - DAY_S;
  const period2 = utcMidnight(addDays(to, 1)) / 1000;
  const query = `interval=1d&period1=${period1}&period2=${period2}&events=div%2Csplit`;
  const result = await requestChart(options, symbol, query);
  // A result without bars at all: the symbol exists, the range has nothing.
  if (!('timestamp' in result)) {
    throw new MarketDataError('no-data', `${PROVIDER}: ${symbol}: no bars from ${from} to ${to}`);
  }
  return parseHistory(result, from, to);
}

async function latest(options: YahooOptions, symbol: string) {
  return parseQuote(await requestChart(options, symbol, 'interval=5m&range=1d'));
}

export function yahooQuotes(options: YahooOptions): QuoteProvider {
  return {
    id: 'yahoo',
    history: (symbol, from, to) => history(options, symbol, from, to),
    latest: (symbol) => latest(options, symbol),
  };
}

/** Quote types that are not holdings: derivatives, indices, currency pairs. */
const NOT_HOLDINGS = new Set(['OPTION', 'FUTURE', 'INDEX', 'CURRENCY']);

/** A search answer's quotes as listing candidates (Yahoo's own ranking kept). */
/** What Yahoo's quoteType says an instrument is to its owner. */
const KINDS: Readonly<Record<string, ListingCandidate['kind']>> = {
  EQUITY: 'stock',
  ETF: 'fund',
  MUTUALFUND: 'fund',
  CRYPTOCURRENCY: 'crypto',
};

export function parseSearch(body: unknown, isin?: string): ListingFound[] {
  if (!isObject(body) || !Array.isArray(body.quotes)) throw badResponse(PROVIDER, 'no quotes');
  const candidates: ListingFound[] = [];
  for (const quote of body.quotes) {
    if (!isObject(quote)) throw badResponse(PROVIDER, 'bad quote');
    const symbol = stringField(quote, 'symbol');
    const type = stringField(quote, 'quoteType');
    // News, lists and screeners share the array on some answers; they have no symbol.
    if (!symbol || (type && NOT_HOLDINGS.has(type))) continue;
    const code = stringField(quote, 'exchange') ?? '';
    const exchange = exchangeByYahooCode(code);
    const currency = stringField(quote, 'currency');
    candidates.push({
      provider: 'yahoo',
      symbol,
      name: stringField(quote, 'longname') ?? stringField(quote, 'shortname') ?? symbol,
      exchange: exchange?.name ?? stringField(quote, 'exchDisp') ?? code,
      ...(exchange ? { mic: exchange.mic } : {}),
      ...(currency ? { currency: normaliseCurrency(currency) } : {}),
      ...(type ? { kind: KINDS[type] ?? 'stock' } : {}),
      ...(isin ? { isin } : {}),
    });
  }
  return candidates;
}

async function search(options: YahooOptions, query: string) {
  const q = encodeURIComponent(query.trim());
  const url = `${trimmed(options.baseUrl)}/v1/finance/search?q=${q}&quotesCount=10&newsCount=0`;
  const response = await get(options, url);
  if (response.status !== 200) throw badResponse(PROVIDER, `search: HTTP ${response.status}`);
  const isin = query.trim().toUpperCase();
  return parseSearch(parseJson(PROVIDER, response.text), isValidIsin(isin) ? isin : undefined);
}

export function yahooListings(options: YahooOptions): ListingFinder & ListingSearch {
  return {
    byIsin: (isin) => search(options, isin),
    search: (query) => search(options, query),
  };
}
