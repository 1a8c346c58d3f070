// Wire entities from the store's rows: events as the ledger's entries (in DKK at their time's
// rate) and as listed or entered. The numbers come from the domain; this picks the wire's fields.
import type { LedgerEntry } from '../../domain/ledger';
import type { Investment, Portfolio, Transaction } from '../../domain/types';
import type { RateSource, WireQuote } from '../market/pricing';
import type { EventFacts, EventRow, InvestmentRow } from '../store';

/**
 * The ledger's entry of an event: its amounts in DKK at the broker's rate it was entered with,
 * else at the reference rate of its time. Every DKK figure of an event comes from here.
 */
export function toEntry(event: EventFacts, rates: RateSource): LedgerEntry {
  return entryAt(event, entryRate(event, rates));
}

/** The DKK rate of an event's amounts in its ledger entry (`toEntry`). */
export function entryRate(event: EventFacts, rates: RateSource): number {
  return event.exchangeRate ?? rates(event.currency, event.time);
}

/** The ledger's entry of an event with its amounts times `rate` (1: as entered). */
export function entryAt(event: EventFacts, rate: number): LedgerEntry {
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return {
        kind: event.kind,
        time: event.time,
        shares: event.shares,
        price: event.price * rate,
        fee: event.fee * rate,
      };
    case 'dividend':
      return event.withholdingTax === undefined
        ? { kind: 'dividend', time: event.time, amount: event.amount * rate }
        : {
            kind: 'dividend',
            time: event.time,
            amount: event.amount * rate,
            withholdingTax: event.withholdingTax * rate,
          };
    case 'split':
      return {
        kind: 'split',
        time: event.time,
        sharesAfter: event.sharesAfter,
        fee: event.fee * rate,
        soldShares: event.soldShares,
        soldPrice: event.soldPrice * rate,
      };
  }
}

// Laravel sends integer ids; the client accepts numbers or strings (decisions.md section 1).
type Wire<T, K extends keyof T> = Omit<T, K> & Record<K, number>;
export type WireTransaction = Wire<Transaction, 'id' | 'investment_id'>;
export type WireInvestment = Wire<Investment, 'id' | 'portfolio_id'> & {
  /** The price the investment is valued at now; absent before its first trade. */
  quote?: WireQuote;
};
export type WirePortfolio = Wire<Portfolio, 'id'>;

/**
 * An event as listed: its figures in DKK (its ledger entry's), and `entered`, the same price and
 * value in the currency it was entered in, from the stored amounts.
 */
export function transactionOf(
  event: EventRow,
  investment: InvestmentRow,
  rates: RateSource,
): WireTransaction {
  const asEntered = entryAt(event, 1);
  const { stock_price, total_value } = listed(asEntered);
  const entry = toEntry(event, rates);
  return {
    id: event.id,
    investment_id: investment.id,
    stock_name: investment.name,
    date: new Date(event.time).toISOString(),
    from_shares: event.kind === 'split' ? event.fromShares : null,
    to_shares: null,
    ...listed(entry),
    ...withheld(entry),
    entered: { currency_code: event.currency, stock_price, total_value, ...withheld(asEntered) },
  };
}

/** A dividend's tax withheld, where it has one. */
function withheld(entry: LedgerEntry): { withholding_tax?: number } {
  return entry.kind === 'dividend' && entry.withholdingTax !== undefined
    ? { withholding_tax: entry.withholdingTax }
    : {};
}

/** A ledger entry's figures as a transaction lists them, in the entry's currency. */
function listed(
  entry: LedgerEntry,
): Pick<WireTransaction, 'type' | 'shares' | 'stock_price' | 'total_value'> &
  Partial<Pick<WireTransaction, 'to_shares'>> {
  switch (entry.kind) {
    case 'buy':
    case 'sell':
      return {
        type: entry.kind,
        shares: entry.shares,
        stock_price: entry.price,
        total_value: entry.shares * entry.price,
      };
    case 'dividend':
      return { type: 'div', shares: 0, stock_price: 0, total_value: entry.amount };
    case 'split':
      // `shares` and `stock_price` describe the shares sold for cash in the split, if any.
      return {
        type: 'split',
        shares: entry.soldShares,
        stock_price: entry.soldPrice,
        total_value: entry.soldShares * entry.soldPrice,
        to_shares: entry.sharesAfter,
      };
  }
}

/** An event as entered: its kind's create payload, amounts in its own currency. */
export type WireEnteredEvent = {
  id: number;
  investment_id: number;
  /** ISO-8601, as the transaction's. */
  date: string;
  currency_code: string;
  /** DKK per unit as the broker charged it; null: the reference rate of the day. */
  exchange_rate: number | null;
} & (
  | { type: 'buy' | 'sell'; shares: number; share_price: number; fee: number }
  | { type: 'div'; amount: number; withholding_tax?: number }
  | {
      type: 'split';
      shares_after: number;
      fee: number;
      sold_shares: number;
      sold_share_price: number;
      hide: boolean;
    }
);

export function enteredOf(event: EventRow): WireEnteredEvent {
  const common = {
    id: event.id,
    investment_id: event.investmentId,
    date: new Date(event.time).toISOString(),
    currency_code: event.currency,
    exchange_rate: event.exchangeRate ?? null,
  };
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return {
        ...common,
        type: event.kind,
        shares: event.shares,
        share_price: event.price,
        fee: event.fee,
      };
    case 'dividend':
      return {
        ...common,
        type: 'div',
        amount: event.amount,
        ...(event.withholdingTax !== undefined && { withholding_tax: event.withholdingTax }),
      };
    case 'split':
      return {
        ...common,
        type: 'split',
        shares_after: event.sharesAfter,
        fee: event.fee,
        sold_shares: event.soldShares,
        sold_share_price: event.soldPrice,
        hide: event.hide,
      };
  }
}
