import { useState } from 'react';
import type { EventKind, Transaction } from '../../domain/types';
import { DeleteValuable } from '../components/delete-button';
import { Loadable } from '../components/loadable';
import { RefreshAlert } from '../components/refresh-alert';
import { PageDots, Pager } from '../components/pager';
import { Section } from '../components/section';
import { Skeleton, SkeletonRows } from '../components/states';
import { TransactionsTable } from '../components/transactions-table';
import { useInvestment, useTransactions } from '../hooks/use-data';
import { useOverlay } from '../hooks/use-overlay';
import { editMode, EventOverlay, TransactionOverlay } from './event-overlay';
import { StatsSection } from './stats-section';
import { ValueCard } from './value-card';
import { Missing } from './not-found-screen';

const ACTIONS: readonly { kind: EventKind; label: string }[] = [
  { kind: 'buy', label: 'Buy' },
  { kind: 'sell', label: 'Sell' },
  { kind: 'dividend', label: 'Dividend' },
  { kind: 'split', label: 'Stock Split' },
];

function isEventKind(mode: string | undefined): mode is EventKind {
  return ACTIONS.some((action) => action.kind === mode);
}

/** /investments/{id}: figures and actions on page 1, its transactions on page 2. */
export function InvestmentScreen({ id }: { id: string }) {
  const { name, shares, missing } = useInvestment(id);
  const overlay = useOverlay();
  // Which of the two read-only pages is shown is UI-only state.
  const [page, setPage] = useState(0);
  const target = { type: 'investment', id } as const;

  if (missing) return <Missing what="investment" />;

  const overview = (
    <>
      <ValueCard target={target} label="Total value" />
      <StatsSection target={target} title="Investment statistics" />
      <Section title="Actions">
        <div className="actions">
          {ACTIONS.map((action) => (
            <button
              key={action.kind}
              type="button"
              className="button button--secondary"
              onClick={() => overlay.open(action.kind)}
            >
              {action.label}
            </button>
          ))}
        </div>
        <DeleteValuable kind="investment" id={id} />
      </Section>
    </>
  );

  return (
    <main className="page">
      <div className="page__header">
        <h1 className="page__title">{name ?? <Skeleton width={160} height={26} />}</h1>
        <PageDots count={2} current={page} onSelect={setPage} />
      </div>
      <RefreshAlert />
      <Pager
        current={page}
        onSelect={setPage}
        pages={[
          overview,
          <InvestmentTransactions key="t" id={id} onOpen={(t) => overlay.open(editMode(t))} />,
        ]}
      />
      {overlay.visible && isEventKind(overlay.mode) && (
        <EventOverlay
          key={overlay.mode}
          investmentId={id}
          kind={overlay.mode}
          currentShares={shares}
          overlay={overlay}
        />
      )}
      <TransactionOverlay overlay={overlay} />
    </main>
  );
}

function InvestmentTransactions({
  id,
  onOpen,
}: {
  id: string;
  onOpen: (transaction: Transaction) => void;
}) {
  const { status, stale, transactions } = useTransactions(id);
  return (
    <Section title="Transactions" flush>
      <Loadable
        status={status}
        stale={stale}
        skeleton={<SkeletonRows label="Loading transactions" />}
      >
        {() =>
          transactions.length === 0 ? (
            <p className="empty">No transactions for this investment yet.</p>
          ) : (
            <TransactionsTable
              label="Transactions"
              transactions={transactions}
              showName={false}
              onOpen={onOpen}
            />
          )
        }
      </Loadable>
    </Section>
  );
}
