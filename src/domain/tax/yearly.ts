// The yearly gain of a holding taxed on it (lagerbeskatning, research note section 1.3): the four
// cases are one sum, end value − start value − what was bought in the year + what was sold,
// where a holding not held at a year end has no value there.
import Big from 'big.js';

/** held all year; bought in it (held at its end); sold in it (held at its start); both; or traded. */
export type YearlyCase = 'held' | 'bought' | 'sold' | 'bought-and-sold' | 'traded';

export interface YearlyInput {
  /** Shares and DKK value at the end of the year before, and at the end of this one. */
  startShares: number;
  startValue: Big;
  endShares: number;
  endValue: Big;
  /** Costs of the year's buys, fees included. */
  bought: Big;
  /** Proceeds of the year's sales, after their fees. */
  sold: Big;
}

export function yearlyCase({ startShares, endShares, bought, sold }: YearlyInput): YearlyCase {
  const traded = !bought.eq(0) || !sold.eq(0);
  if (startShares > 0 && endShares > 0) return traded ? 'traded' : 'held';
  if (startShares > 0) return 'sold';
  return endShares > 0 ? 'bought' : 'bought-and-sold';
}

export function yearlyGain(input: YearlyInput): Big {
  const start = input.startShares > 0 ? input.startValue : new Big(0);
  const end = input.endShares > 0 ? input.endValue : new Big(0);
  return end.minus(start).minus(input.bought).plus(input.sold);
}
