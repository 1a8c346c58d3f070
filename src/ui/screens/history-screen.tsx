import { Loadable } from '../components/loadable';
import { RefreshAlert } from '../components/refresh-alert';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import { TransactionsTable } from '../components/transactions-table';
import { useTransactions } from '../hooks/use-data';
import { useOverlay } from '../hooks/use-overlay';
import { editMode, TransactionOverlay } from './event-overlay';

/** /history: every event, newest first. */
export function HistoryScreen() {
  const { status, stale, transactions } = useTransactions();
  const overlay = useOverlay();
  return (
    <main className="page page--wide">
      <h1 className="page__title">History</h1>
      <RefreshAlert />
      <Section title="Transactions" flush>
        <Loadable
          status={status}
          stale={stale}
          skeleton={<SkeletonRows rows={8} label="Loading transactions" />}
        >
          {() =>
            transactions.length === 0 ? (
              <p className="empty">
                No transactions yet. Buys, sells, dividends and splits show up here.
              </p>
            ) : (
              <TransactionsTable
                label="Transactions"
                transactions={transactions}
                onOpen={(t) => overlay.open(editMode(t))}
              />
            )
          }
        </Loadable>
      </Section>
      <TransactionOverlay overlay={overlay} />
    </main>
  );
}
