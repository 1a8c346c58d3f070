// Average-cost accounting of one investment (decisions.md section 2).
import type { Statistics } from './types';

/** One event of an investment, converted to DKK at the event's time. Times are epoch ms. */
export type LedgerEntry =
  | { kind: 'buy' | 'sell'; time: number; shares: number; price: number; fee: number }
  /** `amount` gross; `withholdingTax` the tax withheld of it (DKK), absent when none. */
  | { kind: 'dividend'; time: number; amount: number; withholdingTax?: number }
  | {
      kind: 'split';
      time: number;
      sharesAfter: number;
      fee: number;
      soldShares: number;
      soldPrice: number;
    };

/** A buy or a sale (an entry or an event as entered): what trades shares for money. */
export function isTrade<T extends { kind: string }>(
  entry: T,
): entry is T & { kind: 'buy' | 'sell' } {
  return entry.kind === 'buy' || entry.kind === 'sell';
}

/** Average-cost state of one investment (decisions.md section 2). */
export interface Holding {
  shares: number;
  /** Cost basis, fees excluded. */
  costs: number;
  fees: number;
  dividends: number;
  realised: number;
}

/** The payload field a refusal is about (the wire's names). */
export type EntryField =
  | 'shares'
  | 'share_price'
  | 'fee'
  | 'amount'
  | 'shares_after'
  | 'sold_shares'
  | 'sold_share_price';

/** Why an entry cannot apply; the mock turns it into a 422 on `field`. */
export type Refusal =
  | { reason: 'sell-exceeds-holding'; field: 'shares'; held: number }
  | { reason: 'sold-shares-need-smaller-holding'; field: 'sold_shares'; held: number }
  | { reason: 'not-positive'; field: 'shares' | 'amount' | 'shares_after' }
  | { reason: 'negative'; field: 'share_price' | 'fee' | 'sold_shares' | 'sold_share_price' }
  /** NaN or infinite: the wire carries finite numbers only. */
  | { reason: 'not-finite'; field: EntryField }
  /** A split of nothing would create shares without cost. */
  | { reason: 'split-needs-holding'; field: 'shares_after'; held: 0 };

export type LedgerResult = { ok: true; holding: Holding } | { ok: false; refusal: Refusal };

export const EMPTY_HOLDING: Holding = { shares: 0, costs: 0, fees: 0, dividends: 0, realised: 0 };

/**
 * Rounds away binary residues (0.1 + 0.2, a sale of everything leaving 1e-15 shares) and -0.
 * Ten decimals are far below a cent or a share fraction anyone enters. From 1e5 up a double has
 * too few digits for the round trip to be exact, and residues there are far below a cent anyway.
 */
export function tidy(x: number): number {
  return Math.abs(x) < 1e5 ? Math.round(x * 1e10) / 1e10 || 0 : x;
}

/** Shares within this of the holding count as the whole holding. */
const SHARE_TOLERANCE = 1e-9;

function checkPositive(
  value: number,
  field: 'shares' | 'amount' | 'shares_after',
): Refusal | undefined {
  if (!Number.isFinite(value)) return { reason: 'not-finite', field };
  return value > 0 ? undefined : { reason: 'not-positive', field };
}

function checkNonNegative(
  value: number,
  field: 'share_price' | 'fee' | 'sold_shares' | 'sold_share_price',
): Refusal | undefined {
  if (!Number.isFinite(value)) return { reason: 'not-finite', field };
  return value >= 0 ? undefined : { reason: 'negative', field };
}

/** Why the entry cannot apply to a holding of `held` shares, or undefined when it can. */
export function refusalFor(held: number, entry: LedgerEntry): Refusal | undefined {
  switch (entry.kind) {
    case 'buy':
    case 'sell': {
      const invalid =
        checkPositive(entry.shares, 'shares') ??
        checkNonNegative(entry.price, 'share_price') ??
        checkNonNegative(entry.fee, 'fee');
      if (invalid) return invalid;
      if (entry.kind === 'sell' && entry.shares > held + SHARE_TOLERANCE) {
        return { reason: 'sell-exceeds-holding', field: 'shares', held };
      }
      return undefined;
    }
    case 'dividend':
      return checkPositive(entry.amount, 'amount');
    case 'split': {
      const invalid =
        checkPositive(entry.sharesAfter, 'shares_after') ??
        checkNonNegative(entry.fee, 'fee') ??
        checkNonNegative(entry.soldShares, 'sold_shares') ??
        checkNonNegative(entry.soldPrice, 'sold_share_price');
      if (invalid) return invalid;
      if (held <= 0) return { reason: 'split-needs-holding', field: 'shares_after', held: 0 };
      if (entry.soldShares > 0 && !(entry.sharesAfter < held)) {
        return { reason: 'sold-shares-need-smaller-holding', field: 'sold_shares', held };
      }
      return undefined;
    }
  }
}

/**
 * Sells `shares` of `units` held (the holding's shares, or a split's post-split units) at the
 * average cost, paying `fee`. One object per entry: replays run over every stored event.
 */
function sold(h: Holding, units: number, shares: number, price: number, fee: number): Holding {
  const fees = tidy(h.fees + fee);
  const remaining = tidy(units - shares);
  if (remaining <= SHARE_TOLERANCE) {
    // Selling everything: the whole cost basis goes, so the next buy starts a fresh average.
    const realised = tidy(h.realised + shares * price - h.costs - fee);
    return { shares: 0, costs: 0, fees, dividends: h.dividends, realised };
  }
  const soldCost = (shares * h.costs) / units;
  return {
    shares: remaining,
    costs: tidy(h.costs - soldCost),
    fees,
    dividends: h.dividends,
    realised: tidy(h.realised + shares * price - soldCost - fee),
  };
}

export function applyEntry(holding: Holding, entry: LedgerEntry): LedgerResult {
  const refusal = refusalFor(holding.shares, entry);
  if (refusal) return { ok: false, refusal };
  return { ok: true, holding: applyValid(holding, entry) };
}

/** Applies an entry already checked by `refusalFor`. */
function applyValid(h: Holding, entry: LedgerEntry): Holding {
  switch (entry.kind) {
    case 'buy':
      return {
        shares: tidy(h.shares + entry.shares),
        costs: tidy(h.costs + entry.shares * entry.price),
        fees: tidy(h.fees + entry.fee),
        dividends: h.dividends,
        realised: tidy(h.realised - entry.fee),
      };
    case 'sell':
      return sold(h, h.shares, entry.shares, entry.price, entry.fee);
    case 'dividend':
      return {
        ...h,
        dividends: tidy(h.dividends + entry.amount),
        realised: tidy(h.realised + entry.amount),
      };
    case 'split': {
      // The holding becomes shares_after + sold_shares units with the same cost basis.
      const units = tidy(entry.sharesAfter + entry.soldShares);
      if (entry.soldShares > 0) {
        return sold(h, units, entry.soldShares, entry.soldPrice, entry.fee);
      }
      return {
        ...h,
        shares: units,
        fees: tidy(h.fees + entry.fee),
        realised: tidy(h.realised - entry.fee),
      };
    }
  }
}

/** Whether entries are already in time order (the common case: no sort needed). */
function isSorted(entries: readonly LedgerEntry[]): boolean {
  for (let i = 1; i < entries.length; i++) {
    if (entries[i].time < entries[i - 1].time) return false;
  }
  return true;
}

/** Entries in time order; equal times keep their given order. Returns the input when sorted. */
export function inTimeOrder(entries: readonly LedgerEntry[]): readonly LedgerEntry[] {
  return isSorted(entries) ? entries : [...entries].sort((a, b) => a.time - b.time);
}

/** Replays entries (any order; sorted by time here) up to and including `until`. */
export function replay(entries: readonly LedgerEntry[], until?: number): LedgerResult {
  let holding = EMPTY_HOLDING;
  for (const entry of inTimeOrder(entries)) {
    if (until !== undefined && entry.time > until) break;
    const result = applyEntry(holding, entry);
    if (!result.ok) return result;
    holding = result.holding;
  }
  return { ok: true, holding };
}

export interface HoldingStatistics extends Statistics {
  value: number;
  averageCost: number;
}

/** Figures of nothing held: the start of a sum, and the shape of a table still loading. */
export const NO_STATISTICS: Readonly<Statistics> = {
  shares: 0,
  costs: 0,
  fees: 0,
  dividends: 0,
  lifetime: 0,
  realised: 0,
  unrealised: 0,
};

/** Figures of a holding at a DKK price per share. */
export function statistics(holding: Holding, price: number): HoldingStatistics {
  const value = holding.shares > 0 ? tidy(holding.shares * price) : 0;
  const unrealised = tidy(value - holding.costs);
  return {
    shares: holding.shares,
    costs: holding.costs,
    fees: holding.fees,
    dividends: holding.dividends,
    realised: holding.realised,
    unrealised,
    lifetime: tidy(holding.realised + unrealised),
    value,
    averageCost: holding.shares > 0 ? holding.costs / holding.shares : 0,
  };
}
