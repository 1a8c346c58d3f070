// An investment's prices: the price in force each day (typed, the provider's, or the last
// trade's), prices the user types for a day, its listings and the choice among them, and the
// provider's splits and dividends it has not recorded.
import { CURRENCIES } from '../../domain/market';
import { isDay } from '../../domain/dates';
import { AMOUNT_RULES } from '../../domain/amount-rules';
import { json, noContent, notFound, owned, unprocessable, type Call, type Route } from '../answers';
import type { Answer } from '../answers';
import { utcDay, utcMidnight } from '../../market/zoned-time';
import { suggestionsOf } from '../suggestions';
import type { InvestmentRow } from '../store';
import { Validator } from '../validation';

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
      const v = new Validator({});
      if (!from) v.add('from', 'The from field must match the format Y-m-d.');
      if (!to) v.add('to', 'The to field must match the format Y-m-d.');
      if (!from || !to) return unprocessable(v);
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
      const v = new Validator(call.body);
      const rawDay = v.input('date');
      if (rawDay == null || rawDay === '') v.add('date', 'The date field is required.');
      const time = rawDay == null || rawDay === '' ? undefined : v.eventTime('date', call.now);
      const price = v.number('price', AMOUNT_RULES.price);
      const currency = v.oneOf('currency_code', CURRENCIES);
      if (v.failed || time === undefined || price === undefined || !currency)
        return unprocessable(v);
      // eventTime accepted it, so it is a YYYY-MM-DD string.
      const saved = {
        investmentId: row.id,
        day: String(rawDay),
        price: String(price),
        currency,
      };
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
      const v = new Validator(call.body);
      const wanted = v.text('listing');
      if (v.failed || wanted === undefined) return unprocessable(v);
      const listings = await call.market.listings(row);
      const chosen = listings.find((listing) => listing.id === wanted);
      if (!chosen) {
        v.add('listing', 'The selected listing is invalid.');
        return unprocessable(v);
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
      const v = new Validator(call.body);
      const kind = v.oneOf('kind', ['split', 'dividend'] as const);
      const day = v.text('date', 10);
      if (day !== undefined && !isDay(day))
        v.add('date', 'The date field must match the format Y-m-d.');
      if (v.failed || !kind || day === undefined) return unprocessable(v);
      await call.store.dismissAction(row.id, kind, day);
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
