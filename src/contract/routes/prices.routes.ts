// An investment's prices: the price in force each day (typed, the provider's, or the last
// trade's), prices the user types for a day, its listings and the choice among them, and the
// provider's splits and dividends it has not recorded.
import { isDay } from '../../domain/dates';
import {
  listingChoice,
  MESSAGES,
  messageFor,
  priceInput,
  suggestionDismissal,
} from '../../domain/wire/requests';
import { json, noContent, notFound, owned, unprocessable, type Call, type Route } from '../answers';
import type { Answer } from '../answers';
import { utcDay, utcMidnight } from '../../market/zoned-time';
import { suggestionsOf } from '../suggestions';
import type { InvestmentRow } from '../store';
import { eventTimeOf } from '../events';
import { FieldErrors, readRequest } from '../read-request';

const DAY_MS = 86_400_000;
/** Without `from`, the list covers this many days up to `to`. */
export const DEFAULT_PRICE_DAYS = 31;
/** One request lists at most this many days, about three years of trading days. */
const MAX_PRICE_DAYS = 1100;

const ownedInvestment = (call: Call, answer: (row: InvestmentRow) => Promise<Answer>) =>
  owned(call, 'Investment', call.store.investments(call.userId), answer);

export interface WirePrice {
  date: string;
  price: number;
  currency_code: string;
  source: string;
}

/** The day a query parameter names, or the fallback; undefined when it is not a day. */
function queryDay(value: string | undefined, fallback: string): string | undefined {
  if (value === undefined || value === '') return fallback;
  return isDay(value) ? value : undefined;
}

const listPrices: Route = {
  method: 'GET',
  path: '/api/v1/investments/{id}/prices',
  access: 'auth',
  handle: (call) =>
    ownedInvestment(call, async (row) => {
      const today = utcDay(call.now);
      const to = queryDay(call.request.query.to, today);
      // Both ends count: 31 days end 30 days before `to`.
      const from = queryDay(
        call.request.query.from,
        utcDay(utcMidnight(to ?? today) - (DEFAULT_PRICE_DAYS - 1) * DAY_MS),
      );
      const errors = new FieldErrors();
      if (!from) errors.add('from', messageFor(MESSAGES.dayFormat, 'from'));
      if (!to) errors.add('to', messageFor(MESSAGES.dayFormat, 'to'));
      if (!from || !to) return unprocessable(errors);
      const last = Math.min(utcMidnight(to < today ? to : today), call.now);
      const first = Math.max(utcMidnight(from), last - (MAX_PRICE_DAYS - 1) * DAY_MS);
      const priced = await call.valuer([row]);
      const prices: WirePrice[] = [];
      // Newest first: the price in force at the end of each day, once per day it is for.
      for (let start = utcMidnight(utcDay(last)); start >= first; start -= DAY_MS) {
        const quote = priced.quote(row, Math.min(start + DAY_MS - 1, call.now));
        if (!quote || quote.date !== utcDay(start)) continue;
        prices.push({
          date: quote.date,
          price: quote.price,
          currency_code: quote.currency,
          source: quote.source,
        });
      }
      return json(200, { prices });
    }),
};

const addPrice: Route = {
  method: 'POST',
  path: '/api/v1/investments/{id}/prices',
  access: 'auth',
  handle: (call) =>
    ownedInvestment(call, async (row) => {
      const read = readRequest(priceInput, call.body);
      const { value: body, errors } = read;
      eventTimeOf(read, 'date', call.now, call.now);
      if (!body || errors.failed) return unprocessable(errors);
      const { price, currency_code: currency } = body;
      const saved = { investmentId: row.id, day: body.date, price: String(price), currency };
      await call.store.saveManualPrice(saved);
      const data: WirePrice = {
        date: saved.day,
        price,
        currency_code: currency,
        source: 'manual',
      };
      return json(201, { data });
    }),
};

const deletePrice: Route = {
  method: 'DELETE',
  path: '/api/v1/investments/{id}/prices/{date}',
  access: 'auth',
  handle: (call) =>
    ownedInvestment(call, async (row) => {
      const day = call.param('date');
      const deleted = isDay(day) && (await call.store.deleteManualPrice(row.id, day));
      return deleted ? noContent() : json(404, { message: `No typed price on ${day}.` });
    }),
};

const listListings: Route = {
  method: 'GET',
  path: '/api/v1/investments/{id}/listings',
  access: 'auth',
  handle: (call) =>
    ownedInvestment(call, async (row) => {
      const listings = await call.market.listings(row);
      return json(200, {
        listings: listings.map((listing) => ({
          ...listing,
          selected: row.listing === null ? listings.length === 1 : listing.id === row.listing,
        })),
      });
    }),
};

const chooseListing: Route = {
  method: 'PUT',
  path: '/api/v1/investments/{id}/listing',
  access: 'auth',
  handle: (call) =>
    ownedInvestment(call, async (row) => {
      const { value: body, errors } = readRequest(listingChoice, call.body);
      if (!body) return unprocessable(errors);
      const listings = await call.market.listings(row);
      const chosen = listings.find((listing) => listing.id === body.listing);
      if (!chosen) {
        errors.add('listing', messageFor(MESSAGES.invalid, 'listing'));
        return unprocessable(errors);
      }
      const events = await call.store.events([row.id]);
      const first = Math.min(...events.map((e) => e.time));
      await call.market.held(chosen.id, utcDay(Number.isFinite(first) ? first : call.now));
      await call.store.setListing(row.id, chosen.id);
      const [changed] = (await call.store.investments(call.userId)).filter((i) => i.id === row.id);
      if (!changed) return notFound('Investment', call.rawId);
      return json(200, { data: (await call.valuer([changed])).investment(changed) });
    }),
};

/**
 * The provider's splits and dividends on days the investment was held, newest first, that it
 * has not recorded and the user has not dismissed: offered, never applied by themselves.
 */
const listSuggestions: Route = {
  method: 'GET',
  path: '/api/v1/investments/{id}/suggestions',
  access: 'auth',
  handle: (call) =>
    ownedInvestment(call, async (row) =>
      json(200, { suggestions: await suggestionsOf(call, row, await call.store.events([row.id])) }),
    ),
};

const dismissSuggestion: Route = {
  method: 'POST',
  path: '/api/v1/investments/{id}/suggestions/dismiss',
  access: 'auth',
  handle: (call) =>
    ownedInvestment(call, async (row) => {
      const { value: body, errors } = readRequest(suggestionDismissal, call.body);
      if (!body) return unprocessable(errors);
      await call.store.dismissAction(row.id, body.kind, body.date);
      return noContent();
    }),
};

export function priceRoutes(): Route[] {
  return [
    listPrices,
    addPrice,
    deletePrice,
    listListings,
    chooseListing,
    listSuggestions,
    dismissSuggestion,
  ];
}
