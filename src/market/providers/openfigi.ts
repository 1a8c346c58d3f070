// OpenFIGI v3 mapping (Bloomberg's official, free): an ISIN to the exchanges it trades on, as
// Yahoo symbols through the exchange table. OpenFIGI gives tickers and exchange codes, never
// currencies or prices.
import { exchangeByBloombergCode, yahooSymbolFor } from '../exchanges';
import type { HttpClient, ListingCandidate, ListingFinder } from '../port';
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

/** The listings in one mapping answer: the Yahoo symbols of the exchanges in our table. */
export function parseMapping(body: unknown): ListingCandidate[] {
  if (!Array.isArray(body) || !isObject(body[0])) throw badResponse(PROVIDER, 'no job result');
  const job: JsonObject = body[0];
  const error = stringField(job, 'error');
  if (error !== undefined) throw badResponse(PROVIDER, error);
  // `{"warning": "No identifier found."}`: a valid identifier nobody lists.
  if (stringField(job, 'warning') !== undefined && job.data === undefined) return [];
  if (!Array.isArray(job.data)) throw badResponse(PROVIDER, 'no data');
  const records = job.data.map((record: unknown) => {
    if (!isObject(record)) throw badResponse(PROVIDER, 'bad record');
    return record;
  });
  const ordered = [
    ...records.filter((r) => !COMPOSITE_CODES.has(stringField(r, 'exchCode') ?? '')),
    ...records.filter((r) => COMPOSITE_CODES.has(stringField(r, 'exchCode') ?? '')),
  ];
  const bySymbol = new Map<string, ListingCandidate>();
  for (const record of ordered) {
    const ticker = stringField(record, 'ticker');
    const exchange = exchangeByBloombergCode(stringField(record, 'exchCode') ?? '');
    if (!ticker || !exchange) continue;
    const name = stringField(record, 'name') ?? ticker;
    const symbol = yahooSymbolFor(ticker, exchange, name);
    if (bySymbol.has(symbol)) continue;
    bySymbol.set(symbol, {
      provider: 'yahoo',
      symbol,
      name,
      exchange: exchange.name,
      mic: exchange.mic,
    });
  }
  return [...bySymbol.values()];
}

async function byIsin(options: OpenFigiOptions, isin: string): Promise<ListingCandidate[]> {
  const response = await options.http({
    url: `${options.baseUrl.replace(/\/+$/, '')}/v3/mapping`,
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(options.apiKey ? { 'X-OPENFIGI-APIKEY': options.apiKey } : {}),
    },
    body: JSON.stringify([{ idType: 'ID_ISIN', idValue: isin }]),
  });
  const transient = transientError(PROVIDER, response, (options.now ?? Date.now)());
  if (transient) throw transient;
  if (response.status !== 200) throw badResponse(PROVIDER, `HTTP ${response.status}`);
  return parseMapping(parseJson(PROVIDER, response.text));
}

export function openFigi(options: OpenFigiOptions): ListingFinder {
  return { byIsin: (isin) => byIsin(options, isin) };
}
