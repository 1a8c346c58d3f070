// Home's tables of portfolios and of investments, each in its section; a portfolio's screen shows
// its investments the same way.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { PlusIcon } from '../components/icons';
import { Loadable } from '../data/loadable';
import { Section } from '../components/section';
import { SkeletonRows } from '../components/states';
import {
  ValuablesTable,
  type RenameControl,
  type RowNotice,
  type ValuableRow,
  useRename,
} from '../valuables';
import { useHoldings, useInvestments, usePortfolios } from '../data/use-data';
import { investmentCreateHref } from '../../machines/app/routes';
import { repeatedInvestments, type LoadView } from '../../machines/data/selectors';
import { useOverlay } from '../app/use-overlay';
import { pendingSplitMode, pendingSplitOf, recordValues } from '../../machines/events';
import type { Investment } from '../../domain/types';
import { useFormatters } from '../components/format-context';
import { useT } from '../app/use-i18n';
import { lazyScreen } from '../app/lazy-screen';

// The split's form and the events' form code load when it opens: home's first paint needs neither.
const EventOverlay = lazyScreen(() => import('../events').then((module) => module.EventOverlay));

interface ValuablesSectionProps {
  title: string;
  loadingLabel: string;
  createHref: string;
  addLabel: string;
  emptyText: string;
  resource: LoadView;
  rename: RenameControl;
  rows: () => ValuableRow[];
  /** Under the table, e.g. the button that shows sold investments. */
  footer?: ReactNode;
}

/** A titled table of portfolios or investments with its plus link and empty text. */
function ValuablesSection({
  title,
  loadingLabel,
  createHref,
  addLabel,
  emptyText,
  resource,
  rename,
  rows,
  footer,
}: ValuablesSectionProps) {
  const action = (
    <Link href={createHref} className="icon-button icon-button--soft" aria-label={addLabel}>
      <PlusIcon />
    </Link>
  );
  return (
    <Section title={title} flush action={action}>
      <Loadable
        status={resource.status}
        stale={resource.stale}
        skeleton={<SkeletonRows label={loadingLabel} />}
      >
        {() => {
          const shown = rows();
          return shown.length === 0 ? (
            <p className="empty">
              <Link href={createHref}>{emptyText}</Link>
            </p>
          ) : (
            <ValuablesTable label={title} rename={rename} rows={shown} />
          );
        }}
      </Loadable>
      {footer}
    </Section>
  );
}

export function PortfoliosSection() {
  const { portfolios, ...resource } = usePortfolios();
  const holdingsOf = useHoldings();
  const holdingsText = useHoldingsText();
  const { investments } = useInvestments();
  const { t } = useT();
  /** "1 split not recorded" where the portfolio's change counts one as a loss. */
  const splitsNotice = (portfolioId: string): RowNotice | undefined => {
    const count = investments.filter(
      (i) => i.portfolio_id === portfolioId && i.pending_split,
    ).length;
    if (count === 0) return undefined;
    return {
      text: t(count === 1 ? 'home.splitsPending.one' : 'home.splitsPending.many', { count }),
    };
  };
  return (
    <ValuablesSection
      title={t('home.portfolios')}
      loadingLabel={t('home.loadingPortfolios')}
      createHref="/portfolios/create"
      addLabel={t('home.addPortfolio')}
      emptyText={t('home.noPortfolios')}
      resource={resource}
      rename={useRename('portfolio')}
      rows={() =>
        portfolios.map((p) => ({
          id: p.id,
          name: p.name,
          href: `/portfolios/${p.id}`,
          value: p.value,
          change: p.change,
          changeRatio: p.changeRatio,
          since: p.since,
          detail: holdingsText(p.investments, holdingsOf(p.id)),
          badge: p.kind && p.kind !== 'free' ? t(`portfolio.kind.${p.kind}`) : undefined,
          // Its own line, as on the investments' rows: beside the detail it pushed the figures
          // off a desktop's card.
          notice: splitsNotice(p.id),
        }))
      }
    />
  );
}

/** "3 investments", or "2 held · 1 sold" once some are sold (the list may hide those). */
function useHoldingsText() {
  const { t } = useT();
  return (count: number, counted?: { held: number; sold: number }) => {
    if (counted && counted.sold > 0) return t('home.holdings', counted);
    const n = counted?.held ?? count;
    return t(n === 1 ? 'home.investmentCount.one' : 'home.investmentCount.many', { count: n });
  };
}

/** The investments table of home and of a portfolio (then filtered by its id). */
export function InvestmentsSection({ portfolioId }: { portfolioId?: string }) {
  const [showSold, setShowSold] = useState(false);
  const { investments, hiddenSold, ...resource } = useInvestments(portfolioId, showSold);
  const { portfolios } = usePortfolios();
  const f = useFormatters();
  const { t } = useT();
  const overlay = useOverlay();
  const recording = pendingSplitOf(overlay.mode);
  const recorded = investments.find((i) => i.id === recording);
  const splitPending = investments.some((i) => i.pending_split);
  // Once a row offers Record split, its form's code, so the form opens at once.
  useEffect(() => {
    if (splitPending) void EventOverlay.preload();
  }, [splitPending]);
  const splitNotice = ({ id, name, pending_split: split }: Investment): RowNotice | undefined =>
    split && {
      // The provider's numerator is the shares after: from:to is denominator:numerator.
      text: t('home.splitPending', {
        ratio: f.splitRatio(split.denominator, split.numerator),
        date: split.date,
      }),
      action: {
        text: t('home.recordSplit'),
        label: t('home.recordSplitOf', { name }),
        onAction: () => overlay.open(pendingSplitMode(id)),
      },
    };
  return (
    <>
      {/* The split's form, as the investment screen's Record opens it; it keeps its values
          once the split is recorded and the row no longer has it. */}
      {overlay.visible && recording !== undefined && (
        <Suspense fallback={null}>
          <EventOverlay
            key={overlay.opening}
            investmentId={recording}
            kind="split"
            currentShares={recorded?.pending_split?.shares_before ?? recorded?.shares ?? 0}
            prefill={
              recorded?.pending_split &&
              recordValues({ kind: 'split', ...recorded.pending_split }, f.decimalMark)
            }
            overlay={overlay}
          />
        </Suspense>
      )}
      <ValuablesSection
        title={t('home.investments')}
        loadingLabel={t('home.loadingInvestments')}
        createHref={investmentCreateHref(portfolioId)}
        addLabel={t('home.addInvestment')}
        emptyText={t('home.noInvestments')}
        resource={resource}
        rename={useRename('investment')}
        rows={() => {
          // Home lists every portfolio's: a row whose name or instrument repeats says whose it is.
          const repeated =
            portfolioId === undefined ? repeatedInvestments(investments) : new Set<string>();
          const portfolioName = (id: string) => portfolios.find((p) => p.id === id)?.name;
          return investments.map((i) => ({
            id: i.id,
            name: i.name,
            href: `/investments/${i.id}`,
            value: i.value,
            change: i.change,
            changeRatio: i.changeRatio,
            since: i.since,
            detail: sharesIn(
              f.sharesCount(i.shares),
              repeated.has(i.id) ? portfolioName(i.portfolio_id) : undefined,
            ),
            notice: splitNotice(i),
          }));
        }}
        footer={
          // The setting hides sold ones; this shows them here without changing it.
          hiddenSold > 0 && (
            <p className="empty">
              <button
                type="button"
                className="button button--secondary"
                aria-pressed={showSold}
                onClick={() => setShowSold(!showSold)}
              >
                {t('home.showSold', { count: hiddenSold })}
              </button>
            </p>
          )
        }
      />
    </>
  );
}

/** "33 shares · Nordnet depot": the shares, and the portfolio where the row needs it. */
function sharesIn(shares: string, portfolio: string | undefined): string {
  return portfolio === undefined ? shares : `${shares} · ${portfolio}`;
}
