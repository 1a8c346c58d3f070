import type { EnteredAmounts, Transaction, TransactionType } from '../../domain/types';
import { useFormatters, type Formatters } from '../components/format-context';
import { AsEntered, useMoney } from '../components/figures/money';
import { useT, type I18n } from '../app/use-i18n';
import type { MessageKey } from '../../i18n';
import './transactions-table.css';

/** Each type's label key: Buy, Sell, Dividend, Split. */
export const TRANSACTION_TYPE_KEYS: Record<TransactionType, MessageKey> = {
  buy: 'type.buy',
  sell: 'type.sell',
  div: 'type.div',
  split: 'type.split',
};

export interface TransactionsTableProps {
  label: string;
  /** Newest first, as the hook sorts them. */
  transactions: readonly Transaction[];
  /** Leave the name column out where every row is the same investment. */
  showName?: boolean;
  /** Opens a row's correction form; rows are plain text without it. */
  onOpen?: (transaction: Transaction) => void;
  /** The portfolio's name under each row's name (History lists every portfolio's events). */
  portfolioOf?: (transaction: Transaction) => string | undefined;
}

/**
 * One column per fact (date, type, name, shares, price, value). Where the table is too narrow for
 * them (a phone), CSS lays each row out as two lines: name and value, then date, type, shares
 * and price; the cells and headers stay those of a table for assistive technology. An event
 * entered in another currency shows its price as entered and its value as entered and in DKK.
 */
export function TransactionsTable({
  label,
  transactions,
  showName = true,
  onOpen,
  portfolioOf,
}: TransactionsTableProps) {
  const f = useFormatters();
  const money = useMoney();
  const i18n = useT();
  const { t } = i18n;
  return (
    <div className="table-wrap tx-wrap two-line-wrap">
      <table
        className={`table table--rows tx-table two-line${showName ? '' : ' tx-table--one-investment'}${onOpen ? ' tx-table--open' : ''}`}
        aria-label={label}
      >
        {/* Shown by the stylesheet where the table has room for its columns. */}
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('table.date')}</th>
            <th scope="col">{t('table.type')}</th>
            {showName && <th scope="col">{t('table.name')}</th>}
            <th scope="col" className="num">
              {t('table.shares')}
            </th>
            <th scope="col" className="num">
              {t('table.price')}
            </th>
            <th scope="col" className="num">
              {t('table.value')}
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((tx) => (
            // A tap anywhere on the row opens it; the date is the row's button for keyboard and
            // assistive tech, and its click reaches the row like any other.
            <tr key={tx.id} onClick={onOpen && (() => onOpen(tx))}>
              <td className="tx-table__date">
                {onOpen ? (
                  <button
                    type="button"
                    className="tx-table__open"
                    aria-label={openLabel(i18n, tx, f.date(tx.date), showName)}
                  >
                    {f.date(tx.date)}
                  </button>
                ) : (
                  f.date(tx.date)
                )}
              </td>
              <td className="tx-table__type">
                <span className={`badge badge--${tx.type}`}>
                  {t(TRANSACTION_TYPE_KEYS[tx.type])}
                </span>
              </td>
              {showName && (
                // A phone cuts a long name short; the title keeps all of it at hand.
                <td className="table__name tx-table__name two-line__lead" title={tx.stock_name}>
                  <span>{tx.stock_name}</span>
                  {portfolioOf?.(tx) && (
                    <span className="tx-table__portfolio">{portfolioOf(tx)}</span>
                  )}
                </td>
              )}
              <td className="num tx-table__shares" data-none={tx.type === 'div' || undefined}>
                {sharesText(tx, f)}
              </td>
              <td className="num tx-table__price" data-none={!tradePrice(tx) || undefined}>
                {!tradePrice(tx)
                  ? '–'
                  : foreign(tx)
                    ? money(tx.entered.stock_price, tx.entered.currency_code)
                    : f.amount(tx.stock_price)}
              </td>
              <td className="num tx-table__value">
                {foreign(tx) && tx.entered.total_value !== 0 ? (
                  <AsEntered
                    entered={money(tx.entered.total_value, tx.entered.currency_code)}
                    dkk={f.dkk(tx.total_value)}
                  />
                ) : (
                  f.amount(tx.total_value)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Edit the purchase of 2024-01-15" (with the name where the table shows several investments):
 * words that do not repeat the action buttons' names ("Buy", "Dividend"), so each control keeps
 * a name of its own.
 */
function openLabel({ t }: I18n, tx: Transaction, date: string, showName: boolean): string {
  const label = t(`tx.open.${tx.type}`, { date });
  return showName ? t('tx.open.named', { label, name: tx.stock_name }) : label;
}

/** Entered in another currency than DKK: its price and value are shown as entered. */
function foreign(t: Transaction): t is Transaction & { entered: EnteredAmounts } {
  return t.entered !== undefined && t.entered.currency_code !== 'DKK';
}

/** Only buys and sells have a price per share. */
function tradePrice(t: Transaction): boolean {
  return t.type === 'buy' || t.type === 'sell';
}

/** Shares traded; a split shows its ratio, a dividend none. */
function sharesText(t: Transaction, f: Formatters): string {
  if (t.type === 'split') {
    return t.from_shares !== null && t.to_shares !== null
      ? f.splitRatio(t.from_shares, t.to_shares)
      : '–';
  }
  return t.type === 'div' ? '–' : f.shares(t.shares);
}
