// The calls of an investment's prices, listings and suggestions. Only the
// investment screen makes them, so api.ts loads this module at the first of them: its code stays
// out of the start-up JavaScript (`npm run budget`). It imports only types: the schemas and decoder it
// builds on come in as an argument, since a run-time import of the start-up modules from here makes the
// bundler split them into chunks of their own, which costs the start-up more than it saves.
import type * as Schemas from '../domain/wire/schemas';
import type { Id, Investment } from '../domain/types';
import type { field } from './decode';
import type { Http, SendOptions } from './http';
import type {
  DayPrice,
  Listing,
  PricePayload,
  PriceRange,
  Suggestion,
  SuggestionRef,
} from './price-types';

/** One typed function per call of real prices. */
export interface PriceCalls {
  /** The price in force on each day of `range` (default: the 31 days up to today), newest first. */
  getPrices(investmentId: Id, range?: PriceRange): Promise<DayPrice[]>;
  /** A price typed for a day; it replaces one typed for the same day. */
  addPrice(investmentId: Id, payload: PricePayload, options?: SendOptions): Promise<DayPrice>;
  /** Only a typed price can be deleted. */
  deletePrice(investmentId: Id, date: string): Promise<void>;
  getListings(investmentId: Id): Promise<Listing[]>;
  chooseListing(investmentId: Id, listingId: string): Promise<Investment>;
  getSuggestions(investmentId: Id): Promise<Suggestion[]>;
  dismissSuggestion(investmentId: Id, suggestion: SuggestionRef): Promise<void>;
}

/** What the calls build on: the answers' schemas and the decoder. */
export type Decoders = Pick<
  typeof Schemas,
  'list' | 'dayPrice' | 'listing' | 'suggestion' | 'investment'
> & { field: typeof field };

const investmentPath = (id: Id) => `/investments/${encodeURIComponent(id)}`;

export function createPriceCalls(
  http: Http,
  { field, list, dayPrice, listing, suggestion, investment }: Decoders,
): PriceCalls {
  const get = (path: string) => http.request('GET', path);
  return {
    getPrices: async (investmentId, range) => {
      const query = range ? `?from=${range.from}&to=${range.to}` : '';
      return field(
        await get(`${investmentPath(investmentId)}/prices${query}`),
        'prices',
        list(dayPrice),
      );
    },
    addPrice: async (investmentId, payload, options) =>
      field(
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
      field(await get(`${investmentPath(investmentId)}/listings`), 'listings', list(listing)),
    chooseListing: async (investmentId, listingId) =>
      field(
        await http.request('PUT', `${investmentPath(investmentId)}/listing`, {
          body: { listing: listingId },
        }),
        'data',
        investment,
      ),
    getSuggestions: async (investmentId) =>
      field(
        await get(`${investmentPath(investmentId)}/suggestions`),
        'suggestions',
        list(suggestion),
      ),
    dismissSuggestion: async (investmentId, { kind, date }) => {
      await http.request('POST', `${investmentPath(investmentId)}/suggestions/dismiss`, {
        body: { kind, date },
      });
    },
  };
}
