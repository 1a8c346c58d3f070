// How an event's fields are read, written once for the event calls (events/buy, sell, dividend,
// split, the correction) and for the rows of an import: Laravel rules and messages.
import { CURRENCIES } from '../domain/market';
import { AMOUNT_RULES as RULES } from '../domain/amount-rules';
import type { InstrumentType } from '../domain/types';
import type { EventFacts, EventRow } from './store';
import type { Validator } from './validation';

export function readTrade(v: Validator, prefix = '') {
  const shares = v.number(`${prefix}shares`, RULES.shares);
  const price = v.number(`${prefix}share_price`, RULES.share_price);
  const fee = v.number(`${prefix}fee`, RULES.fee);
  const currency = v.oneOf(`${prefix}currency_code`, CURRENCIES);
  if (shares === undefined || price === undefined || fee === undefined || !currency)
    return undefined;
  return { shares, price, fee, currency };
}

/**
 * nullable exchange_rate: DKK per unit of the event's currency as the broker charged it, used
 * for the event's DKK figures instead of the reference rate. A DKK event has none.
 */
function readRate(v: Validator): { exchangeRate?: number } | undefined {
  if (v.input('exchange_rate') == null) return {};
  const rate = v.number('exchange_rate', RULES.exchange_rate);
  if (rate === undefined) return undefined;
  return v.input('currency_code') === 'DKK' ? {} : { exchangeRate: rate };
}

export type EventKind = EventRow['kind'];
export type Reader = (v: Validator, time: number) => EventFacts | undefined;

const kinds: Record<EventKind, Reader> = {
  buy: (v, time) => {
    const trade = readTrade(v);
    return trade && { kind: 'buy', time, ...trade };
  },
  sell: (v, time) => {
    const trade = readTrade(v);
    return trade && { kind: 'sell', time, ...trade };
  },
  dividend: (v, time) => {
    const amount = v.number('amount', RULES.amount);
    const currency = v.oneOf('currency_code', CURRENCIES);
    if (amount === undefined || !currency) return undefined;
    return { kind: 'dividend', time, amount, currency };
  },
  split: (v, time) => {
    const sharesAfter = v.number('shares_after', RULES.shares_after);
    const fee = v.number('fee', RULES.fee);
    const currency = v.oneOf('currency_code', CURRENCIES);
    const soldShares = v.number('sold_shares', RULES.sold_shares);
    const soldPrice = v.number('sold_share_price', RULES.sold_share_price);
    const hide = v.boolean('hide');
    if (
      sharesAfter === undefined ||
      fee === undefined ||
      !currency ||
      soldShares === undefined ||
      soldPrice === undefined ||
      hide === undefined
    )
      return undefined;
    // from_shares is filled in when the history is replayed.
    return {
      kind: 'split',
      time,
      sharesAfter,
      fee,
      currency,
      soldShares,
      soldPrice,
      hide,
      fromShares: 0,
    };
  },
};

/** An event's facts of its kind's fields, with the broker's rate when one is given. */
export const readers: Record<EventKind, Reader> = Object.fromEntries(
  Object.entries(kinds).map(([kind, read]) => [
    kind,
    (v: Validator, time: number) => {
      const facts = read(v, time);
      const rate = readRate(v);
      return facts && rate && { ...facts, ...rate };
    },
  ]),
) as Record<EventKind, Reader>;

/** Why `instrument.isin` is refused: the rule, then what is wrong on a line of its own. */
export function identifierErrors(type: InstrumentType, refusal: string): string[] {
  return [
    type === 'stock'
      ? 'The instrument.isin field must be a valid ISIN code.'
      : 'The instrument.isin field must be a valid crypto symbol.',
    refusal,
  ];
}
