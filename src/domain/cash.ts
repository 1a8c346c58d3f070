// A portfolio's cash (issue 38): one balance per currency, from its cash events and the cash side
// of its trades and dividends. Summed exactly (big.js). A negative balance is a margin account:
// shown, never refused.
import Big from 'big.js';
import type { CashKind } from './kinds';
import type { Book, Earning, Flow } from './returns';

export { CASH_KINDS, type CashKind } from './kinds';

/** What moves a portfolio's cash: the fields of a stored event as the ledger keeps them. */
export type CashSource = {
  time: number;
  currency: string;
  /** DKK per unit as the broker charged it: the broker converted, so DKK moved. */
  exchangeRate?: number;
} & (
  | { kind: CashKind; amount: number }
  | { kind: 'buy' | 'sell'; shares: number; price: number; fee: number }
  /** `amount` is gross; `withholdingTax` (in its currency, absent = none) never reaches the cash. */
  | { kind: 'dividend'; amount: number; withholdingTax?: number }
  /** Shares sold in a split (cash in lieu of a fraction) pay their price less the fee. */
  | { kind: 'split'; fee: number; soldShares: number; soldPrice: number }
);

/** A signed amount of one currency. */
export interface CashAmount {
  currency: string;
  amount: number;
}

const big = (value: number) => new Big(value);

/** The signed amount a cash source moves, in its own currency (Big, exact). */
function signed(source: CashSource): Big {
  switch (source.kind) {
    case 'deposit':
    case 'interest':
      return big(source.amount);
    case 'withdrawal':
    case 'fee':
      return big(source.amount).neg();
    case 'buy':
      return big(source.shares).times(source.price).plus(source.fee).neg();
    case 'sell':
      return big(source.shares).times(source.price).minus(source.fee);
    case 'dividend': {
      return big(source.amount).minus(source.withholdingTax ?? 0);
    }
    case 'split':
      return big(source.soldShares).times(source.soldPrice).minus(source.fee);
  }
}

/**
 * What a source moves: in its own currency, or in DKK at the broker's rate when it has one (the
 * broker took the DKK, as Nordnet books a USD trade on a DKK account). Zero moves nothing.
 */
export function cashMovement(source: CashSource): CashAmount | undefined {
  const moved = signed(source);
  if (moved.eq(0)) return undefined;
  const rate = source.exchangeRate;
  return rate !== undefined && source.currency !== 'DKK'
    ? { currency: 'DKK', amount: Number(moved.times(rate)) }
    : { currency: source.currency, amount: Number(moved) };
}

/**
 * The balance per currency of these sources up to and including `until` (all when absent),
 * sorted by currency; a currency that comes back to 0 stays, as a broker's account lists it.
 */
export function cashBalances(sources: readonly CashSource[], until?: number): CashAmount[] {
  const sums = new Map<string, Big>();
  for (const source of sources) {
    if (until !== undefined && source.time > until) continue;
    const moved = cashMovement(source);
    if (!moved) continue;
    sums.set(moved.currency, (sums.get(moved.currency) ?? big(0)).plus(moved.amount));
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, amount: Number(sum) }));
}

/** The balances' sum in DKK at `rate` (DKK per unit), rounded to øre. */
export function cashInDkk(
  balances: readonly CashAmount[],
  rate: (currency: string) => number,
): number {
  const total = balances.reduce(
    (sum, { currency, amount }) =>
      sum.plus(big(amount).times(currency === 'DKK' ? 1 : rate(currency))),
    big(0),
  );
  return Number(total.round(2));
}

/**
 * A portfolio's external flows for a time-weighted return when it keeps cash: its deposits
 * (positive) and withdrawals (negative) in their currencies; interest and fees are its return.
 */
export function externalFlows(sources: readonly CashSource[]): (CashAmount & { time: number })[] {
  return sources.flatMap((source) => {
    if (source.kind !== 'deposit' && source.kind !== 'withdrawal') return [];
    const moved = cashMovement(source);
    return moved ? [{ ...moved, time: source.time }] : [];
  });
}

/** DKK per unit of `currency` at `time`. */
export type DkkRate = (currency: string, time: number) => number;

/** The external flows (externalFlows) in DKK, each at its time's rate. */
export function externalFlowsDkk(sources: readonly CashSource[], rate: DkkRate): Flow[] {
  return externalFlows(sources).map(({ time, amount, currency }) => ({
    time,
    amount: currency === 'DKK' ? amount : amount * rate(currency, time),
  }));
}

/** A cash source's movement in DKK at its time's rate (a broker-converted one is DKK already). */
function movedDkk(source: CashSource, rate: DkkRate): number {
  const moved = cashMovement(source);
  if (!moved) return 0;
  return moved.currency === 'DKK' ? moved.amount : moved.amount * rate(moved.currency, source.time);
}

/**
 * The book of a portfolio that keeps cash (Portfolio Performance's rule): its external flows are
 * its deposits and withdrawals, while its buys, sells and dividends stay inside it; its earnings
 * are its holdings' (dividends, trading fees) and its cash fees.
 */
export function cashBook(holdings: Book, sources: readonly CashSource[], rate: DkkRate): Book {
  const flows = externalFlowsDkk(sources, rate);
  const fees: Earning[] = sources.flatMap((source) =>
    source.kind === 'fee'
      ? [{ time: source.time, dividend: 0, withholdingTax: 0, fee: -movedDkk(source, rate) }]
      : [],
  );
  return { flows, earnings: [...holdings.earnings, ...fees] };
}

/**
 * The cash's DKK value at each of the ascending `times`: its balance per currency then, at that
 * time's rates and rounded to øre as cashInDkk, so the value at now is the one the answers show.
 */
export function cashValuesAt(
  sources: readonly CashSource[],
  rate: DkkRate,
): (times: readonly number[]) => Float64Array {
  const moves = sources
    .flatMap((source) => {
      const moved = cashMovement(source);
      return moved ? [{ ...moved, time: source.time }] : [];
    })
    .sort((a, b) => a.time - b.time);
  return (times) => {
    const sums = new Map<string, Big>();
    let next = 0;
    return Float64Array.from(times, (time) => {
      for (; next < moves.length && moves[next].time <= time; next++) {
        const { currency, amount } = moves[next];
        sums.set(currency, (sums.get(currency) ?? big(0)).plus(amount));
      }
      const balances = [...sums].map(([currency, sum]) => ({ currency, amount: Number(sum) }));
      return cashInDkk(balances, (currency) => rate(currency, time));
    });
  };
}
