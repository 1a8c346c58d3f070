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
  /** Newest first, as the machine sorts them. */
  transactions: readonly Transaction[];
  /** Leave the name column out where every row is the same investment. */
  showName?: boolean;
}

export function TransactionsTable({
  label,
  transactions,
  showName = true,
}: TransactionsTableProps) {
  const f = useFormatters();
  return (
    <div className="table-wrap">
      <table className="table table--rows table--compact" aria-label={label}>
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
              <td className="num">{f.date(t.date)}</td>
              <td>
                <span className={`badge badge--${t.type}`}>{TYPE_LABELS[t.type]}</span>
              </td>
              {showName && <td className="table__name">{t.stock_name}</td>}
              <td className="num">
                {t.type === 'split' && t.from_shares !== null && t.to_shares !== null
                  ? formatSplitRatio(t.from_shares, t.to_shares)
                  : t.type === 'div'
                    ? '–'
                    : f.shares(t.shares)}
              </td>
              <td className="num">
                {t.type === 'div' || t.type === 'split' ? '–' : f.amount(t.stock_price)}
              </td>
              <td className="num">{f.amount(t.total_value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
