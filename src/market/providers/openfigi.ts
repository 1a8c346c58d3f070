// OpenFIGI v3 mapping (Bloomberg's official, free): an ISIN to the exchanges it trades on, as
// Yahoo symbols through the exchange table. OpenFIGI gives tickers and exchange codes, never
// currencies or prices.
import { exchangeByBloombergCode, yahooSymbolFor } from '../exchanges';
import type {
  HttpClient,
  ListingCandidate,
  ListingFinder,
  NamedListing,
  NameSearch,
} from '../port';
import {
  badResponse,
  isObject,
  parseJson,
  stringField,
  transientError,
  type JsonObject,
} from './answers';

export interface OpenFigiOptions {
  /** `https://api.openfigi.com`, or a fake's URL. */
  baseUrl: string;
  http: HttpClient;
  /** Optional: a key raises the rate limit (25 requests per 6 s instead of per minute). */
  apiKey?: string;
  now?: () => number;
}

const PROVIDER = 'openfigi';

/** Composite codes stand for a whole country: a venue's own record labels a listing better. */
const COMPOSITE_CODES = new Set(['US']);

/** What Formue can price: shares and funds (ETFs are `Mutual Fund` too), not bonds or options. */
const PRICEABLE_TYPES: Readonly<Record<string, 'stock' | 'fund'>> = {
  'Common Stock': 'stock',
  'Mutual Fund': 'fund',
};

/** The listings in OpenFIGI records: the Yahoo symbols of the exchanges in our table. */
function listingsOf(body: unknown[]): NamedListing[] {
  const records = body.map((record: unknown) => {
    if (!isObject(record)) throw badResponse(PROVIDER, 'bad record');
    return record;
  });
  const ordered = [
    ...records.filter((r) => !COMPOSITE_CODES.has(stringField(r, 'exchCode') ?? '')),
    ...records.filter((r) => COMPOSITE_CODES.has(stringField(r, 'exchCode') ?? '')),
  ];
  const bySymbol = new Map<string, NamedListing>();
  for (const record of ordered) {
    const ticker = stringField(record, 'ticker');
    const exchange = exchangeByBloombergCode(stringField(record, 'exchCode') ?? '');
    if (!ticker || !exchange) continue;
    const name = stringField(record, 'name') ?? ticker;
    const symbol = yahooSymbolFor(ticker, exchange, name);
    if (bySymbol.has(symbol)) continue;
    const kind = PRICEABLE_TYPES[stringField(record, 'securityType2') ?? ''];
    bySymbol.set(symbol, {
      provider: 'yahoo',
      symbol,
      ticker,
      name,
      exchange: exchange.name,
      mic: exchange.mic,
      ...(kind && { kind }),
    });
  }
  return [...bySymbol.values()];
}

/** The listings in one mapping answer: the Yahoo symbols of the exchanges in our table. */
export function parseMapping(body: unknown): ListingCandidate[] {
  if (!Array.isArray(body) || !isObject(body[0])) throw badResponse(PROVIDER, 'no job result');
  const job: JsonObject = body[0];
  const error = stringField(job, 'error');
  if (error !== undefined) throw badResponse(PROVIDER, error);
  // `{"warning": "No identifier found."}`: a valid identifier nobody lists.
  if (stringField(job, 'warning') !== undefined && job.data === undefined) return [];
  if (!Array.isArray(job.data)) throw badResponse(PROVIDER, 'no data');
  // As before search needed them: a mapping's listings carry neither ticker nor kind.
  return listingsOf(job.data).map(({ ticker: _ticker, kind: _kind, ...listing }) => listing);
}

/** The listings in one search answer (`{ data, next? }`, or `{ error }`): its first page only. */
export function parseSearch(body: unknown): NamedListing[] {
  if (!isObject(body)) throw badResponse(PROVIDER, 'no search result');
  const error = stringField(body, 'error');
  if (error !== undefined) throw badResponse(PROVIDER, error);
  if (!Array.isArray(body.data)) throw badResponse(PROVIDER, 'no data');
  return listingsOf(body.data).filter((listing) => listing.kind !== undefined);
}

async function post(options: OpenFigiOptions, path: string, body: unknown): Promise<unknown> {
  const response = await options.http({
    url: `${options.baseUrl.replace(/\/+$/, '')}${path}`,
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(options.apiKey ? { 'X-OPENFIGI-APIKEY': options.apiKey } : {}),
    },
    body: JSON.stringify(body),
  });
  const transient = transientError(PROVIDER, response, (options.now ?? Date.now)());
  if (transient) throw transient;
  if (response.status !== 200) throw badResponse(PROVIDER, `HTTP ${response.status}`);
  return parseJson(PROVIDER, response.text);
}

async function byIsin(options: OpenFigiOptions, isin: string): Promise<ListingCandidate[]> {
  return parseMapping(await post(options, '/v3/mapping', [{ idType: 'ID_ISIN', idValue: isin }]));
}

/** OpenFIGI's search by name: listings with tickers and exchanges, never an ISIN. */
export function openFigiSearch(options: OpenFigiOptions): NameSearch {
  return {
    byName: async (query) =>
      parseSearch(await post(options, '/v3/search', { query, marketSecDes: 'Equity' })),
  };
}

export function openFigi(options: OpenFigiOptions): ListingFinder {
  return { byIsin: (isin) => byIsin(options, isin) };
}
