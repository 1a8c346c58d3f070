// Realised gains by the average method (gennemsnitsmetoden, research note section 1.4): the cost of
// a company's shares is averaged over every share the person holds of it in their free portfolios,
// whichever broker holds them, in date order. A split changes the count, never the cost; a buy's
// fee is part of its cost; a sale's gain is its proceeds after the fee less the average cost of
// the shares sold at that moment. An aktiesparekonto or a pension portfolio is a pool of its own.
// In Exact, not big.js: the same figures, several times faster over 8 years of trades.
import { Exact } from './exact';

/** A trade of one investment in DKK (converted at its time's rate). Times are epoch ms. */
export type TaxTrade = {
  eventId: number;
  investmentId: number;
  time: number;
} & (
  | { kind: 'buy' | 'sell'; shares: number; price: number; fee: number }
  /** `soldShares` at `soldPrice`: the fractions paid out in cash. */
  | { kind: 'split'; sharesAfter: number; soldShares: number; soldPrice: number; fee: number }
);

/** A sale's figures under the average method. */
export interface AverageSale {
  eventId: number;
  investmentId: number;
  time: number;
  pool: string;
  shares: Exact;
  /** Shares times price, less the fee. */
  proceeds: Exact;
  /** The average cost of the shares sold. */
  cost: Exact;
  /** The pool's average cost per share at the sale. */
  average: Exact;
  gain: Exact;
}

export interface Pool {
  shares: Exact;
  cost: Exact;
}

const ZERO = Exact.ZERO;
/** Shares within this of none count as none: a sale of everything leaves no cost behind. */
const NONE = Exact.of('1e-9');

/** The pool's average cost per share; 0 when it holds nothing. */
export const averageOf = (pool: Pool): Exact =>
  pool.shares.gt(0) ? pool.cost.div(pool.shares) : ZERO;

/**
 * Replays the trades (any order: sorted by time here, equal times in the order given) into pools,
 * `poolOf` naming each investment's (the ISIN for a free portfolio's, the portfolio for an
 * aktiesparekonto's or a pension's). Returns every sale and the pools after the last trade.
 */
export function averageMethod(
  trades: readonly TaxTrade[],
  poolOf: (investmentId: number) => string,
): { sales: AverageSale[]; pools: Map<string, Pool> } {
  const pools = new Map<string, Pool>();
  /** Each investment's own count, which its split's `sharesAfter` replaces. */
  const held = new Map<number, Exact>();
  const sales: AverageSale[] = [];
  const ordered = trades.map((t, i) => ({ t, i })).sort((a, b) => a.t.time - b.t.time || a.i - b.i);

  for (const { t: trade } of ordered) {
    const key = poolOf(trade.investmentId);
    const pool = pools.get(key) ?? { shares: ZERO, cost: ZERO };
    const own = held.get(trade.investmentId) ?? ZERO;
    const sell = (shares: Exact, price: number, fee: number) => {
      const average = averageOf(pool);
      const left = pool.shares.minus(shares);
      const cost = left.lt(NONE) ? pool.cost : average.times(shares);
      const proceeds = shares.times(price).minus(fee);
      sales.push({
        eventId: trade.eventId,
        investmentId: trade.investmentId,
        time: trade.time,
        pool: key,
        shares,
        proceeds,
        cost,
        average,
        gain: proceeds.minus(cost),
      });
      pool.cost = left.lt(NONE) ? ZERO : pool.cost.minus(cost);
      pool.shares = left.lt(NONE) ? ZERO : left;
    };
    switch (trade.kind) {
      case 'buy': {
        const shares = Exact.of(trade.shares);
        pool.shares = pool.shares.plus(shares);
        pool.cost = pool.cost.plus(shares.times(trade.price)).plus(trade.fee);
        held.set(trade.investmentId, own.plus(shares));
        break;
      }
      case 'sell': {
        const shares = Exact.of(trade.shares);
        sell(shares, trade.price, trade.fee);
        held.set(trade.investmentId, own.minus(shares));
        break;
      }
      case 'split': {
        // The investment's shares become sharesAfter + soldShares units at the same cost.
        const units = Exact.of(trade.sharesAfter).plus(trade.soldShares);
        pool.shares = pool.shares.plus(units.minus(own));
        if (trade.soldShares > 0) sell(Exact.of(trade.soldShares), trade.soldPrice, trade.fee);
        // A split without a sale: its fee is a cost of the holding.
        else pool.cost = pool.cost.plus(trade.fee);
        held.set(trade.investmentId, Exact.of(trade.sharesAfter));
        break;
      }
    }
    pools.set(key, pool);
  }
  return { sales, pools };
}
