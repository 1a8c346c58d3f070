import { useId, useState } from 'react';
import type { EventKind, Transaction } from '../../domain/types';
import { DeleteValuable } from '../valuables';
import { InvestmentFacts } from './investment-facts';
import { Loadable } from '../data/loadable';
import { RefreshAlert } from '../data/refresh-alert';
import { PageDots, Pager } from '../components/gestures/pager';
import { Section } from '../components/section';
import { NameTitle } from '../components/name-title';
import { SkeletonRows } from '../components/states';
import { TransactionsTable, editMode, EventOverlay, TransactionOverlay } from '../events';
import { QuoteLine, usePrices, PricesSection } from '../prices';
import { useInvestment, useInvestmentFacts, useTransactions } from '../data/use-data';
import { useT } from '../app/use-i18n';
import { useFormatters } from '../components/format-context';
import { useListing } from './use-listing';
import { useOverlay } from '../app/use-overlay';
import { useSuggestions, SuggestionNotices } from '../suggestions';
import { LISTING_MODE } from '../../machines/investments';
import { offered, recordedBy, recordMode } from '../../machines/suggestions';
import { recordValues } from '../../machines/events';
import { ListingOverlay } from './listing-overlay';
import { StatsSection, ValueCard } from '../home';
import { ReturnsSection } from '../returns';
import { TaxClassSection } from '../reports';
import { Missing } from '../app/not-found-screen';
import './investment-screen.css';
import { INVESTMENT_TEXTS } from './investment-catalogue';

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
 * /investments/{id}: its facts, its price and the event buttons under its name, the provider's
 * splits and dividends it has not recorded, then its pages: its figures (page 1), its
 * transactions (page 2) and its prices (page 3, where the backend has them). A desktop shows the
 * transactions beside the figures and the prices.
 */
export function InvestmentScreen({ id }: { id: string }) {
  const { name, shares, missing } = useInvestment(id);
  const facts = useInvestmentFacts(id);
  const overlay = useOverlay();
  const prices = usePrices(id);
  const suggestions = useSuggestions(id);
  const listing = useListing({
    investmentId: id,
    overlay: overlay.actor,
    dependents: [prices.actor, suggestions.actor],
  });
  // Which of the read-only pages is shown is UI-only state.
  const [page, setPage] = useState(0);
  const target = { type: 'investment', id } as const;
  const { t } = useT(INVESTMENT_TEXTS);
  const { decimalMark } = useFormatters();
  const actionsId = useId();

  if (missing) return <Missing what="investment" />;

  const recording = recordedBy(overlay.mode);
  // Read when its form opens: the suggestion goes from the list once the event is recorded.
  const recorded = offered(recording, suggestions.suggestions);
  const overview = (
    <>
      <ValueCard target={target} label={t('home.totalValue')} />
      <StatsSection target={target} title={t('stats.investment')} />
      <ReturnsSection target={target} />
      <TaxClassSection investmentId={id} />
      <DeleteValuable kind="investment" id={id} />
    </>
  );
  const pages = [
    overview,
    <InvestmentTransactions key="t" id={id} onOpen={(t) => overlay.open(editMode(t))} />,
  ];
  if (prices.status !== 'unavailable') pages.push(<PricesSection key="p" prices={prices} />);
  // A backend without prices has two pages.
  const current = Math.min(page, pages.length - 1);

  return (
    <main className="page page--wide investment">
      <div className="page__header">
        <NameTitle name={name} />
        <PageDots count={pages.length} current={current} onSelect={setPage} />
      </div>
      <InvestmentFacts facts={facts}>
        <QuoteLine investmentId={id} listing={listing} />
      </InvestmentFacts>
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
      {name !== undefined && (
        <SuggestionNotices
          name={name}
          suggestions={suggestions}
          onRecord={(suggestion) => overlay.open(recordMode(suggestion))}
        />
      )}
      <Pager current={current} onSelect={setPage} pages={pages} />
      {overlay.visible && isEventKind(overlay.mode) && (
        <EventOverlay
          key={overlay.opening}
          investmentId={id}
          kind={overlay.mode}
          currentShares={shares}
          overlay={overlay}
        />
      )}
      {overlay.visible && recording && (
        <EventOverlay
          key={overlay.opening}
          investmentId={id}
          kind={recording.kind}
          // The split's "before" is the holding on its day, which the suggestion says.
          currentShares={recorded?.kind === 'split' ? recorded.shares_before : shares}
          prefill={recorded && recordValues(recorded, decimalMark)}
          overlay={overlay}
        />
      )}
      {overlay.visible && overlay.mode === LISTING_MODE && (
        <ListingOverlay key={overlay.opening} listing={listing} overlay={overlay} />
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
  const { t } = useT(INVESTMENT_TEXTS);
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
