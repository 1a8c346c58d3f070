// CONTRACT STUB (lead): signatures are fixed; the domain helper implements the bodies.
import type { Statistics } from './types';

/** One event of an investment, converted to DKK at the event's time. Times are epoch ms. */
export type LedgerEntry =
  | { kind: 'buy' | 'sell'; time: number; shares: number; price: number; fee: number }
  | { kind: 'dividend'; time: number; amount: number }
  | {
      kind: 'split';
      time: number;
      sharesAfter: number;
      fee: number;
      soldShares: number;
      soldPrice: number;
    };

/** Average-cost state of one investment (decisions.md section 2). */
export interface Holding {
  shares: number;
  /** Cost basis, fees excluded. */
  costs: number;
  fees: number;
  dividends: number;
  realised: number;
}

/** Why an entry cannot apply; the mock turns it into a 422 on `field`. */
export type Refusal =
  | { reason: 'sell-exceeds-holding'; field: 'shares'; held: number }
  | { reason: 'sold-shares-need-smaller-holding'; field: 'sold_shares'; held: number }
  | { reason: 'not-positive'; field: 'shares' | 'amount' | 'shares_after' }
  | { reason: 'negative'; field: 'share_price' | 'fee' | 'sold_shares' | 'sold_share_price' };

export type LedgerResult = { ok: true; holding: Holding } | { ok: false; refusal: Refusal };

export const EMPTY_HOLDING: Holding = { shares: 0, costs: 0, fees: 0, dividends: 0, realised: 0 };

export function applyEntry(_holding: Holding, _entry: LedgerEntry): LedgerResult {
  throw new Error('not implemented');
}

/** Replays entries (any order; sorted by time here) up to and including `until`. */
export function replay(_entries: readonly LedgerEntry[], _until?: number): LedgerResult {
  throw new Error('not implemented');
}

export interface HoldingStatistics extends Statistics {
  value: number;
  averageCost: number;
}

/** Figures of a holding at a DKK price per share. */
export function statistics(_holding: Holding, _price: number): HoldingStatistics {
  throw new Error('not implemented');
}
