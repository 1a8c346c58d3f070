// The calls of an investment's prices, listings and suggestions, with their decoders. Only the
// investment screen makes them, so api.ts loads this module at the first of them: its code stays
// out of the start-up JavaScript (`npm run budget`). It imports only types: the decoders it builds
// on come in as an argument, since a run-time import of the start-up modules from here makes the
// bundler split them into chunks of their own, which costs the start-up more than it saves.
import type { Id } from '../domain/types';
import type { PriceCalls } from './api';
import type * as Decode from './decode';
import type { Decoder } from './decode';
import type { Http } from './http';
import type {
  DayPrice,
  DividendSuggestion,
  Listing,
  SplitSuggestion,
  Suggestion,
} from './price-types';

/** What the calls build on, from ./decode. */
export type Decoders = Pick<
  typeof Decode,
  | 'shape'
  | 'record'
  | 'fail'
  | 'field'
  | 'list'
  | 'orNull'
  | 'day'
  | 'id'
  | 'number'
  | 'string'
  | 'boolean'
  | 'investment'
>;

function decoders(d: Decoders) {
  const dayPrice = d.shape<DayPrice>({
    date: d.day,
    price: d.number,
    currency_code: d.string,
    source: d.string,
  });
  const listing = d.shape<Listing>({
    id: d.id,
    symbol: d.string,
    name: d.string,
    exchange: d.string,
    currency: d.orNull(d.string),
    selected: d.boolean,
  });
  const split = d.shape<SplitSuggestion>({
    kind: () => 'split',
    date: d.day,
    numerator: d.number,
    denominator: d.number,
    shares_before: d.number,
    shares_after: d.number,
  });
  const dividend = d.shape<DividendSuggestion>({
    kind: () => 'dividend',
    date: d.day,
    per_share: d.number,
    currency_code: d.string,
    shares: d.number,
    amount: d.number,
  });
  const suggestion: Decoder<Suggestion> = (value, path) => {
    const { kind } = d.record(value, path);
    if (kind === 'split') return split(value, path);
    return kind === 'dividend'
      ? dividend(value, path)
      : d.fail(`${path}.kind`, 'split or dividend');
  };
  return { dayPrice, listing, suggestion };
}

const investmentPath = (id: Id) => `/investments/${encodeURIComponent(id)}`;

export function createPriceCalls(http: Http, d: Decoders): PriceCalls {
  const { dayPrice, listing, suggestion } = decoders(d);
  const get = (path: string) => http.request('GET', path);
  return {
    getPrices: async (investmentId, range) => {
      const query = range ? `?from=${range.from}&to=${range.to}` : '';
      return d.field(
        await get(`${investmentPath(investmentId)}/prices${query}`),
        'prices',
        d.list(dayPrice),
      );
    },
    addPrice: async (investmentId, payload, options) =>
      d.field(
        await http.request('POST', `${investmentPath(investmentId)}/prices`, {
          body: payload,
          headers: options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
        }),
        'data',
        dayPrice,
      ),
    deletePrice: async (investmentId, date) => {
      await http.request(
        'DELETE',
        `${investmentPath(investmentId)}/prices/${encodeURIComponent(date)}`,
      );
    },
    getListings: async (investmentId) =>
      d.field(await get(`${investmentPath(investmentId)}/listings`), 'listings', d.list(listing)),
    chooseListing: async (investmentId, listingId) =>
      d.field(
        await http.request('PUT', `${investmentPath(investmentId)}/listing`, {
          body: { listing: listingId },
        }),
        'data',
        d.investment,
      ),
    getSuggestions: async (investmentId) =>
      d.field(
        await get(`${investmentPath(investmentId)}/suggestions`),
        'suggestions',
        d.list(suggestion),
      ),
    dismissSuggestion: async (investmentId, { kind, date }) => {
      await http.request('POST', `${investmentPath(investmentId)}/suggestions/dismiss`, {
        body: { kind, date },
      });
    },
  };
}
