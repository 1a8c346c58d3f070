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
 * Three columns that fit a phone without sideways scrolling: the event (name, with its date and
 * type under it), shares with the price under them, and value.
 */
export function TransactionsTable({
  label,
  transactions,
  showName = true,
}: TransactionsTableProps) {
  const f = useFormatters();
  return (
    <div className="table-wrap">
      <table className="table table--rows" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{showName ? 'Event' : 'Date'}</th>
            <th scope="col" className="num">
              Shares <span className="table__head-sub">Price</span>
            </th>
            <th scope="col" className="num">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((t) => (
            <tr key={t.id}>
              <td className={showName ? 'table__name' : 'num'}>
                {showName ? t.stock_name : f.date(t.date)}
                <span className="table__sub table__meta">
                  {showName && <span className="num">{f.date(t.date)}</span>}
                  <span className={`badge badge--${t.type}`}>{TYPE_LABELS[t.type]}</span>
                </span>
              </td>
              <td className="num">
                <Shares transaction={t} />
              </td>
              <td className="num">{f.amount(t.total_value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Shares({ transaction: t }: { transaction: Transaction }) {
  const f = useFormatters();
  if (t.type === 'split') {
    return (
      <>
        {t.from_shares !== null && t.to_shares !== null
          ? formatSplitRatio(t.from_shares, t.to_shares)
          : '–'}
      </>
    );
  }
  if (t.type === 'div') return <>–</>;
  return (
    <>
      {f.shares(t.shares)}
      <span className="table__sub">@ {f.amount(t.stock_price)}</span>
    </>
  );
}
