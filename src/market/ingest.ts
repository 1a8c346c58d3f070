// What a provider's answer becomes before it is stored: closes unadjusted for later splits and
// quotes in minor units (GBp, ZAc, ILA) turned into major units, all as exact decimal text.
import { divideDecimals, multiplyDecimals } from './decimals';
import type { Day, DecimalText, ProviderHistory, ProviderQuote } from './port';

/** Currencies quoted in hundredths of another: 2550 GBp is 25.50 GBP. */
const MINOR_UNITS: Readonly<Record<string, string>> = {
  GBp: 'GBP',
  GBX: 'GBP',
  ZAc: 'ZAR',
  ZAC: 'ZAR',
  ILA: 'ILS',
};

/** The major currency of a quote currency, and what to divide its prices by. */
export function majorUnits(quoted: string): { currency: string; divisor: number } {
  const major = MINOR_UNITS[quoted];
  return major ? { currency: major, divisor: 100 } : { currency: quoted, divisor: 1 };
}

function toMajor(price: DecimalText, divisor: number): DecimalText {
  return divisor === 1 ? price : divideDecimals(price, divisor, 8);
}

export interface StoredClose {
  day: Day;
  /** Unadjusted, in major units. */
  close: DecimalText;
}

/**
 * Closes as they were paid on their day. Yahoo divides every close before a split by its ratio
 * as of the day it answers; multiplying back by the ratios of the splits after each day (all of
 * them in the answer, which runs to today) gives the price a holding of that day was worth, so
 * a chart shows no jump at a split the user records.
 */
export function unadjustedCloses(history: ProviderHistory): StoredClose[] {
  const { divisor } = majorUnits(history.currency);
  return history.closes.map(({ day, close }) => ({
    day,
    close: toMajor(multiplyDecimals(close, laterSplits(history, day)), divisor),
  }));
}

/** The product of the ratios of the answer's splits after `day`. */
function laterSplits(history: ProviderHistory, day: Day): DecimalText {
  let factor: DecimalText = '1';
  for (const split of history.splits)
    if (split.day > day)
      factor = multiplyDecimals(factor, divideDecimals(split.numerator, split.denominator, 12));
  return factor;
}

/** A dividend per share as paid (unadjusted like the closes), in major units. */
export function unadjustedDividends(history: ProviderHistory): { day: Day; amount: DecimalText }[] {
  const { divisor } = majorUnits(history.currency);
  return history.dividends.map(({ day, amount }) => ({
    day,
    amount: toMajor(multiplyDecimals(amount, laterSplits(history, day)), divisor),
  }));
}

/** The latest price and intraday points in major units. */
export function majorQuote(quote: ProviderQuote): ProviderQuote {
  const { currency, divisor } = majorUnits(quote.currency);
  return {
    ...quote,
    currency,
    price: toMajor(quote.price, divisor),
    intraday: quote.intraday.map((point) => ({ ...point, price: toMajor(point.price, divisor) })),
  };
}
