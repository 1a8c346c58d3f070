import type { Transaction, TransactionType } from '../../domain/types';
import { formatSplitRatio } from '../../domain/numbers';
import { useFormatters } from './format-context';

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  buy: 'Buy',
  sell: 'Sell',
  div: 'Dividend',
  split: 'Split',
};

export interface TransactionsTableProps {
  label: string;
  /** Newest first, as the hook sorts them. */
  transactions: readonly Transaction[];
  /** Leave the name column out where every row is the same investment. */
  showName?: boolean;
  /** Opens a row's correction form; rows are plain text without it. */
  onOpen?: (transaction: Transaction) => void;
}

/**
 * One column per fact (date, type, name, shares, price, value). Where the table is too narrow for
 * them (a phone), CSS lays each row out as two lines: name and value, then date, type, shares
 * and price; the cells and headers stay those of a table for assistive technology.
 */
export function TransactionsTable({
  label,
  transactions,
  showName = true,
  onOpen,
}: TransactionsTableProps) {
  const f = useFormatters();
  return (
    <div className="table-wrap tx-wrap">
      <table
        className={`table table--rows tx-table${showName ? '' : ' tx-table--one-investment'}${onOpen ? ' tx-table--open' : ''}`}
        aria-label={label}
      >
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            {showName && <th scope="col">Name</th>}
            <th scope="col" className="num">
              Shares
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((t) => (
            // A tap anywhere on the row opens it; the date is the row's button for keyboard and
            // assistive tech, and its click reaches the row like any other.
            <tr key={t.id} onClick={onOpen && (() => onOpen(t))}>
              <td className="tx-table__date">
                {onOpen ? (
                  <button
                    type="button"
                    className="tx-table__open"
                    aria-label={openLabel(t, f.date(t.date), showName)}
                  >
                    {f.date(t.date)}
                  </button>
                ) : (
                  f.date(t.date)
                )}
              </td>
              <td className="tx-table__type">
                <span className={`badge badge--${t.type}`}>{TRANSACTION_TYPE_LABELS[t.type]}</span>
              </td>
              {showName && (
                // A phone cuts a long name short; the title keeps all of it at hand.
                <td className="table__name tx-table__name" title={t.stock_name}>
                  {t.stock_name}
                </td>
              )}
              <td className="num tx-table__shares" data-none={t.type === 'div' || undefined}>
                {sharesText(t, f.shares)}
              </td>
              <td className="num tx-table__price" data-none={!tradePrice(t) || undefined}>
                {tradePrice(t) ? f.amount(t.stock_price) : '–'}
              </td>
              <td className="num tx-table__value">{f.amount(t.total_value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What a row's button opens, in words that do not repeat the action buttons' names ("Buy",
 * "Dividend"), so each control keeps a name of its own.
 */
const OPEN_NOUNS: Record<TransactionType, string> = {
  buy: 'purchase',
  sell: 'sale',
  div: 'payout',
  split: 'split',
};

/** "Edit the purchase of 2024-01-15" (with the name where the table shows several investments). */
function openLabel(t: Transaction, date: string, showName: boolean): string {
  return `Edit the ${OPEN_NOUNS[t.type]} of ${date}${showName ? `, ${t.stock_name}` : ''}`;
}

/** Only buys and sells have a price per share. */
function tradePrice(t: Transaction): boolean {
  return t.type === 'buy' || t.type === 'sell';
}

/** Shares traded; a split shows its ratio, a dividend none. */
function sharesText(t: Transaction, shares: (value: number) => string): string {
  if (t.type === 'split') {
    return t.from_shares !== null && t.to_shares !== null
      ? formatSplitRatio(t.from_shares, t.to_shares)
      : '–';
  }
  return t.type === 'div' ? '–' : shares(t.shares);
}
