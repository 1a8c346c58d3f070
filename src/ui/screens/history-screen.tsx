import { DateField } from '../components/date-field';
import { SelectField, TextField } from '../components/field';
import { Loadable } from '../components/loadable';
import { RefreshAlert } from '../components/refresh-alert';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { TRANSACTION_TYPE_LABELS, TransactionsTable } from '../components/transactions-table';
import { useHistory } from '../hooks/use-history';
import { useOverlay } from '../hooks/use-overlay';
import { editMode, TransactionOverlay } from './event-overlay';

const TYPE_OPTIONS = Object.entries(TRANSACTION_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** /history: every event, newest first, narrowed by the filters in the address. */
export function HistoryScreen() {
  const history = useHistory();
  const overlay = useOverlay();
  return (
    <main className="page page--wide">
      <h1 className="page__title">History</h1>
      <RefreshAlert />
      <Section title="Transactions" flush>
        <Loadable
          status={history.status}
          stale={history.stale}
          skeleton={<SkeletonRows rows={8} label="Loading transactions" />}
        >
          {() =>
            history.total === 0 ? (
              <p className="empty">
                No transactions yet. Buys, sells, dividends and splits show up here.
              </p>
            ) : (
              <>
                <HistoryFilters history={history} />
                <div className="history__count">
                  <p role="status">{history.count}</p>
                  {history.filtered && history.transactions.length > 0 && (
                    <ClearButton onClear={history.clear} />
                  )}
                </div>
                {history.transactions.length === 0 ? (
                  <div className="empty">
                    <p>No transactions match these filters.</p>
                    <ClearButton onClear={history.clear} />
                  </div>
                ) : (
                  <TransactionsTable
                    label="Transactions"
                    transactions={history.transactions}
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
  const { filter, setFilter } = history;
  return (
    <form
      className="history-filters"
      role="search"
      aria-label="Filter transactions"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="history-filters__search">
        <TextField
          label="Search"
          name="q"
          value={filter.q}
          onValueChange={(value) => setFilter('q', value)}
          placeholder="Name or type"
          autoComplete="off"
        />
      </div>
      <SelectField
        label="Type"
        name="type"
        options={TYPE_OPTIONS}
        placeholder="All types"
        value={filter.type}
        onValueChange={(value) => setFilter('type', value)}
      />
      <SelectField
        label="Portfolio"
        name="portfolio"
        options={history.portfolioOptions}
        placeholder="All portfolios"
        value={filter.portfolio}
        onValueChange={(value) => setFilter('portfolio', value)}
      />
      <DateField
        label="From"
        name="from"
        max={history.today}
        value={filter.from}
        onValueChange={(value) => setFilter('from', value)}
      />
      <DateField
        label="To"
        name="to"
        max={history.today}
        value={filter.to}
        onValueChange={(value) => setFilter('to', value)}
      />
    </form>
  );
}

function ClearButton({ onClear }: { onClear: () => void }) {
  return (
    <button type="button" className="button button--ghost button--small" onClick={onClear}>
      Clear filters
    </button>
  );
}
