import { Link } from 'wouter';
import { DateField } from '../forms/date-field';
import { taxYearHref } from '../../machines/app/routes';
import { useFormatters } from '../components/format-context';
import { bindField, SelectField, TextField } from '../forms/field';
import { Loadable } from '../data/loadable';
import { RefreshAlert } from '../data/refresh-alert';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { TRANSACTION_TYPE_KEYS, TransactionsTable, editMode, TransactionOverlay } from '../events';
import { useHistory } from './use-history';
import { useT } from '../app/use-i18n';
import { useOverlay } from '../app/use-overlay';
import './history-screen.css';
import { HISTORY_TEXTS } from './history-catalogue';

/** /history: every event, newest first, narrowed by the filters in the address. */
export function HistoryScreen() {
  const history = useHistory();
  const overlay = useOverlay();
  const { t } = useT(HISTORY_TEXTS);
  return (
    <main className="page page--wide">
      <div className="page__header">
        <h1 className="page__title">{t('history.title')}</h1>
        {/* What the history adds up to on the tax return (issue 39). */}
        <Link href={taxYearHref()} className="button button--secondary button--small">
          {t('menu.taxYear')}
        </Link>
      </div>
      <RefreshAlert />
      <Section title={t('history.transactions')} flush>
        <Loadable
          status={history.status}
          stale={history.stale}
          skeleton={<SkeletonRows rows={8} label={t('history.loading')} />}
        >
          {() =>
            history.total === 0 ? (
              <p className="empty">{t('history.empty')}</p>
            ) : (
              <>
                <HistoryFilters history={history} />
                <div className="history__count">
                  <p role="status">{history.count}</p>
                  {history.filtered && history.transactions.length > 0 && (
                    <ClearButton onClear={history.clear} />
                  )}
                </div>
                {history.totals.length > 0 && <HistoryTotals totals={history.totals} />}
                {history.transactions.length === 0 ? (
                  <div className="empty">
                    <p>{t('history.noMatch')}</p>
                    <ClearButton onClear={history.clear} />
                  </div>
                ) : (
                  <TransactionsTable
                    label={t('history.transactions')}
                    transactions={history.transactions}
                    portfolioOf={history.portfolioOf}
                    onOpen={(t) => overlay.open(editMode(t))}
                  />
                )}
              </>
            )
          }
        </Loadable>
      </Section>
      <TransactionOverlay overlay={overlay} />
    </main>
  );
}

function HistoryFilters({ history }: { history: ReturnType<typeof useHistory> }) {
  // The filter is the query: each field shows its value and sets it.
  const field = bindField(history.filter, {}, history.setFilter);
  const { t } = useT(HISTORY_TEXTS);
  const typeOptions = Object.entries(TRANSACTION_TYPE_KEYS).map(([value, key]) => ({
    value,
    label: t(key),
  }));
  return (
    <form
      className="history-filters"
      role="search"
      aria-label={t('history.filter')}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="history-filters__search">
        <TextField
          label={t('history.search')}
          {...field('q')}
          placeholder={t('history.searchPlaceholder')}
          autoComplete="off"
        />
      </div>
      <SelectField
        label={t('history.type')}
        options={typeOptions}
        placeholder={t('history.allTypes')}
        {...field('type')}
      />
      <SelectField
        label={t('history.portfolio')}
        options={history.portfolioOptions}
        placeholder={t('history.allPortfolios')}
        {...field('portfolio')}
      />
      <DateField label={t('history.from')} max={history.today} {...field('from')} />
      <DateField label={t('history.to')} max={history.today} {...field('to')} />
    </form>
  );
}

/** What the listed transactions add up to, per type, in DKK. */
function HistoryTotals({ totals }: { totals: ReturnType<typeof useHistory>['totals'] }) {
  const { t } = useT(HISTORY_TEXTS);
  const f = useFormatters();
  return (
    <dl className="history__totals" aria-label={t('history.totals')}>
      {totals.map(({ type, total }) => (
        <div key={type} className="history__total">
          <dt>{t(TRANSACTION_TYPE_KEYS[type])}</dt>
          <dd>{f.amount(total)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ClearButton({ onClear }: { onClear: () => void }) {
  const { t } = useT(HISTORY_TEXTS);
  return (
    <button type="button" className="button button--ghost button--small" onClick={onClear}>
      {t('history.clear')}
    </button>
  );
}
