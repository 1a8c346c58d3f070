// How an event's fields are read, written once for the event calls (events/buy, sell, dividend,
// split, the correction) and for the rows of an import: the schemas of src/domain/wire/requests.ts,
// with Laravel's messages.
import type * as v from 'valibot';
import type { firstBuyInput } from '../domain/wire/requests';
import {
  dividendInput,
  eventTime,
  MESSAGES,
  messageFor,
  splitInput,
  tradeInput,
} from '../domain/wire/requests';
import type { InstrumentType } from '../domain/types';
import { readRequest, type Read } from './read-request';
import { isRecord } from './validation';
import type { EventFacts, EventRow } from './store';

export type EventKind = EventRow['kind'];

type Facts<S extends v.GenericSchema> = (input: v.InferOutput<S>, time: number) => EventFacts;
interface Amounts {
  currency_code: string;
  exchange_rate?: number | null;
}

export interface EventReader {
  /** The request of an event call, and its facts at a time once every field passed. */
  request(body: unknown): {
    read: Read<unknown>;
    facts: (time: number) => EventFacts | undefined;
  };
  /** An import row's event fields, its date aside (the row reads it), into the row's errors. */
  row(
    body: unknown,
    time: number,
    errors: { add(key: string, message: string): void },
  ): EventFacts | undefined;
}

/**
 * A kind's reader: its schema, then its facts, with the broker's rate when one is given (DKK per
 * unit of the event's currency as the broker charged it, for the event's DKK figures instead of
 * the reference rate; a DKK event has none).
 */
function reader<S extends v.GenericSchema<unknown, Amounts>>(
  schema: S,
  facts: Facts<S>,
): EventReader {
  const withRate = (input: v.InferOutput<S>, time: number): EventFacts => {
    const rate = input.exchange_rate;
    const made = facts(input, time);
    return rate != null && input.currency_code !== 'DKK' ? { ...made, exchangeRate: rate } : made;
  };
  return {
    request(body) {
      const read = readRequest(schema, body);
      return { read, facts: (time) => read.value && withRate(read.value, time) };
    },
    row(body, time, errors) {
      const read = readRequest(schema, isRecord(body) ? { ...body, date: null } : {});
      for (const [key, messages] of Object.entries(read.errors.errors))
        for (const message of messages) errors.add(key, message);
      return read.value && withRate(read.value, time);
    },
  };
}

export function tradeOf(input: v.InferOutput<typeof firstBuyInput>) {
  const { shares, share_price: price, fee, currency_code: currency } = input;
  return { shares, price, fee, currency };
}

export const readers: Record<EventKind, EventReader> = {
  buy: reader(tradeInput, (input, time) => ({ kind: 'buy', time, ...tradeOf(input) })),
  sell: reader(tradeInput, (input, time) => ({ kind: 'sell', time, ...tradeOf(input) })),
  dividend: reader(dividendInput, (input, time) => ({
    kind: 'dividend',
    time,
    amount: input.amount,
    currency: input.currency_code,
    // None withheld is no tax: the event then reads as one entered before the field.
    ...(input.withholding_tax ? { withholdingTax: input.withholding_tax } : {}),
  })),
  // from_shares is filled in when the history is replayed.
  split: reader(splitInput, (input, time) => ({
    kind: 'split',
    time,
    sharesAfter: input.shares_after,
    fee: input.fee,
    currency: input.currency_code,
    soldShares: input.sold_shares,
    soldPrice: input.sold_share_price,
    hide: input.hide,
    fromShares: 0,
  })),
};

/**
 * The time of the day at `key`, or `fallback` when there is none; undefined when the field
 * failed, or (with the error added) when the day is after today.
 */
export function eventTimeOf(
  read: Read<unknown>,
  key: string,
  now: number,
  fallback: number,
): number | undefined {
  if (key in read.errors.errors) return undefined;
  const day = read.input(key);
  if (typeof day !== 'string') return fallback;
  const time = eventTime(day, now);
  if (time === undefined) read.errors.add(key, messageFor(MESSAGES.beforeToday, key));
  return time;
}

/** Why `instrument.isin` is refused: the rule, then what is wrong on a line of its own. */
export function identifierErrors(
  type: InstrumentType,
  refusal: string,
  field = 'instrument.isin',
): string[] {
  return [
    type === 'stock'
      ? `The ${field} field must be a valid ISIN code.`
      : `The ${field} field must be a valid crypto symbol.`,
    refusal,
  ];
}
