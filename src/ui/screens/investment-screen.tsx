import { useId, useState } from 'react';
import type { EventKind, Transaction } from '../../domain/types';
import { DeleteValuable } from '../components/delete-button';
import { InvestmentFacts } from '../components/investment-facts';
import { Loadable } from '../components/loadable';
import { RefreshAlert } from '../components/refresh-alert';
import { PageDots, Pager } from '../components/pager';
import { Section } from '../components/section';
import { Skeleton, SkeletonRows } from '../components/states';
import { TransactionsTable } from '../components/transactions-table';
import { useInvestment, useInvestmentFacts, useTransactions } from '../hooks/use-data';
import { useT } from '../hooks/use-i18n';
import { useOverlay } from '../hooks/use-overlay';
import { editMode, EventOverlay, TransactionOverlay } from './event-overlay';
import { StatsSection } from './stats-section';
import { ValueCard } from './value-card';
import { Missing } from './not-found-screen';

/** The event buttons, labelled as their forms' titles (Buy, Sell, Dividend, Stock Split). */
const ACTIONS: readonly { kind: EventKind }[] = [
  { kind: 'buy' },
  { kind: 'sell' },
  { kind: 'dividend' },
  { kind: 'split' },
];

function isEventKind(mode: string | undefined): mode is EventKind {
  return ACTIONS.some((action) => action.kind === mode);
}

/**
 * /investments/{id}: its facts and the event buttons under its name, then two pages: its figures
 * (page 1) and its transactions (page 2). A desktop shows both pages side by side.
 */
export function InvestmentScreen({ id }: { id: string }) {
  const { name, shares, missing } = useInvestment(id);
  const facts = useInvestmentFacts(id);
  const overlay = useOverlay();
  // Which of the two read-only pages is shown is UI-only state.
  const [page, setPage] = useState(0);
  const target = { type: 'investment', id } as const;
  const { t } = useT();
  const actionsId = useId();

  if (missing) return <Missing what="investment" />;

  const overview = (
    <>
      <ValueCard target={target} label={t('home.totalValue')} />
      <StatsSection target={target} title={t('stats.investment')} />
      <DeleteValuable kind="investment" id={id} />
    </>
  );

  return (
    <main className="page page--wide investment">
      <div className="page__header">
        <h1 className="page__title">{name ?? <Skeleton width={160} height={26} />}</h1>
        <PageDots count={2} current={page} onSelect={setPage} />
      </div>
      <InvestmentFacts facts={facts} />
      {/* Right under the name, so Buy and Sell are at hand on either page without scrolling. */}
      <section className="investment__actions" aria-labelledby={actionsId}>
        <h2 className="visually-hidden" id={actionsId}>
          {t('investment.actions')}
        </h2>
        <div className="actions">
          {ACTIONS.map((action) => (
            <button
              key={action.kind}
              type="button"
              className="button button--secondary"
              onClick={() => overlay.open(action.kind)}
            >
              {t(`event.${action.kind}`)}
            </button>
          ))}
        </div>
      </section>
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
  const { t } = useT();
  return (
    <Section title={t('investment.transactions')} flush>
      <Loadable
        status={status}
        stale={stale}
        skeleton={<SkeletonRows label={t('investment.loadingTransactions')} />}
      >
        {() =>
          transactions.length === 0 ? (
            <p className="empty">{t('investment.noTransactions')}</p>
          ) : (
            <TransactionsTable
              label={t('investment.transactions')}
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
