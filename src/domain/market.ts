// CONTRACT STUB (lead): signatures are fixed; the domain helper implements the bodies.
import type { InstrumentType } from './types';

export interface Instrument {
  type: InstrumentType;
  /** ISIN for stocks and funds, symbol for crypto. */
  code: string;
  name: string;
  /** Listing currency; crypto is quoted in USD. */
  currency: string;
}

export const CURRENCIES: readonly string[] = ['DKK', 'EUR', 'USD', 'SEK', 'NOK', 'GBP'];

/** Real instruments the mock accepts (decisions.md section 3). */
export const CATALOGUE: readonly Instrument[] = [];

export function findInstrument(_type: InstrumentType, _code: string): Instrument | undefined {
  throw new Error('not implemented');
}

/** Deterministic price in the listing currency: same instrument and time, same price. */
export function priceAt(_instrument: Instrument, _time: number): number {
  throw new Error('not implemented');
}

/** Deterministic DKK per one unit of `currency` at `time` (DKK is 1). */
export function rateToDkk(_currency: string, _time: number): number {
  throw new Error('not implemented');
}
