// What a performance reads of a ledger: its external flows and its earnings. The seam where a
// ledger of another kind plugs in: a portfolio with cash gives its deposits and withdrawals as
// the flows (its buys, sells and dividends stay inside it), where a holdings-only one gives
// its buys and sells (holdingsBook). Everything else about returns is the same for both.
import type { LedgerEntry } from '../ledger';

/** Money put in (positive) or taken out (negative), in DKK, at its time (epoch ms). */
export interface Flow {
  time: number;
  amount: number;
}

/** What the period earned or paid apart from prices, in DKK: shown on their own. */
export interface Earning {
  time: number;
  /** Gross. */
  dividend: number;
  /** Of `dividend`, withheld at the source. */
  withholdingTax: number;
  fee: number;
}

export interface Book {
  readonly flows: readonly Flow[];
  readonly earnings: readonly Earning[];
  /** The books this one joins, in order (joinBooks): their flows and earnings are its own. */
  readonly parts?: readonly Book[];
}

/**
 * The book of a holdings-only investment: nothing of its money stays inside it, so a buy is
 * money put in (its fee too) and a sale, a dividend (gross: returns are before taxes) or a
 * split's cash is money taken out (less its fee).
 */
export function holdingsBook(entries: readonly LedgerEntry[]): Book {
  const flows: Flow[] = [];
  const earnings: Earning[] = [];
  const earned = (time: number, fee: number, dividend = 0, withholdingTax = 0) =>
    earnings.push({ time, dividend, withholdingTax, fee });
  for (const entry of entries) {
    const { time } = entry;
    switch (entry.kind) {
      case 'buy':
        flows.push({ time, amount: entry.shares * entry.price + entry.fee });
        earned(time, entry.fee);
        break;
      case 'sell':
        flows.push({ time, amount: -(entry.shares * entry.price - entry.fee) });
        earned(time, entry.fee);
        break;
      case 'dividend':
        flows.push({ time, amount: -entry.amount });
        earned(time, 0, entry.amount, entry.withholdingTax ?? 0);
        break;
      case 'split': {
        const cash = entry.soldShares * entry.soldPrice - entry.fee;
        if (cash !== 0) flows.push({ time, amount: -cash });
        earned(time, entry.fee);
        break;
      }
    }
  }
  return { flows, earnings };
}

/** Several books as one: a portfolio's of its investments', the user's of everything. */
export function joinBooks(books: readonly Book[]): Book {
  return new JoinedBook(books);
}

/** Its parts' flows and earnings, joined only when asked for: a performance reads the parts. */
class JoinedBook implements Book {
  constructor(readonly parts: readonly Book[]) {}

  get flows(): readonly Flow[] {
    return this.parts.flatMap((book) => book.flows);
  }

  get earnings(): readonly Earning[] {
    return this.parts.flatMap((book) => book.earnings);
  }
}

/** The books whose flows a book's are, in order: itself unless it joins others. */
export function leaves(book: Book): Book[] {
  return book.parts ? book.parts.flatMap(leaves) : [book];
}
