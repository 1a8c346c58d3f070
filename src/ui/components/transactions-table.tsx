import type { Transaction, TransactionType } from '../../domain/types';
import { formatSplitRatio } from '../../domain/numbers';
import { useFormatters } from './format-context';

const TYPE_LABELS: Record<TransactionType, string> = {
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
}: TransactionsTableProps) {
  const f = useFormatters();
  return (
    <div className="table-wrap tx-wrap">
      <table
        className={`table table--rows tx-table${showName ? '' : ' tx-table--one-investment'}`}
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
            <tr key={t.id}>
              <td className="tx-table__date">{f.date(t.date)}</td>
              <td className="tx-table__type">
                <span className={`badge badge--${t.type}`}>{TYPE_LABELS[t.type]}</span>
              </td>
              {showName && <td className="table__name tx-table__name">{t.stock_name}</td>}
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
