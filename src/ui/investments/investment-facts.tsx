import type { ReactNode } from 'react';
import { formatPercent } from '../../domain/numbers';
import type { AssetClass } from '../../domain/types';
import type { InvestmentFacts as Facts } from '../../machines/data/selectors';
import { useT } from '../app/use-i18n';
import { useExplanation } from '../components/figures/explained';
import { useFormatters } from '../components/format-context';
import { Skeleton } from '../components/states';
import { toneOf } from '../components/figures/stats-table';
import './investment-facts.css';
import { INVESTMENT_TEXTS, type InvestmentKey } from './investment-catalogue';

const ASSET_CLASS_LABELS: Record<AssetClass, InvestmentKey> = {
  stock: 'facts.class.stock',
  fund: 'facts.class.fund',
  crypto: 'facts.class.crypto',
};

interface Fact {
  key: string;
  label: ReactNode;
  value: ReactNode;
  tone?: 'gain' | 'loss';
}

/**
 * The facts a holder looks for first, under the investment's name: price, code, type, listing
 * currency, unrealised gain and share of its portfolio. Facts that are not known are left out.
 * `facts` is undefined while the investments load. `children` closes the card: the line of the
 * price the investment is valued at, whose place the placeholder keeps while it loads.
 */
export function InvestmentFacts({
  facts,
  children,
}: {
  facts: Facts | undefined;
  children?: ReactNode;
}) {
  const f = useFormatters();
  const { t } = useT(INVESTMENT_TEXTS);
  // Named for what it is beside the value card's change over the period (issue 27, item 2).
  const unrealised = useExplanation(t('facts.return'), t('facts.returnExplained'));
  if (!facts) {
    return (
      <div className="facts-card" role="status" aria-label={t('facts.loading')}>
        <div className="facts">
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className="facts__placeholder">
              <Skeleton height="100%" />
            </span>
          ))}
        </div>
        <span className="facts__placeholder facts__placeholder--line">
          <Skeleton width="70%" height="100%" />
        </span>
      </div>
    );
  }
  const list: Fact[] = [];
  if (facts.price !== undefined)
    list.push({ key: 'price', label: t('facts.price'), value: f.amount(facts.price) });
  if (facts.instrument) {
    const { type, isin, asset_class, currency } = facts.instrument;
    list.push(
      { key: 'code', label: t(type === 'crypto' ? 'facts.symbol' : 'facts.isin'), value: isin },
      { key: 'type', label: t('facts.type'), value: t(ASSET_CLASS_LABELS[asset_class]) },
      { key: 'currency', label: t('facts.currency'), value: currency },
    );
  }
  if (facts.unrealisedRatio !== undefined) {
    list.push({
      key: 'return',
      label: unrealised.toggle,
      value: f.ratio(facts.unrealisedRatio),
      tone: toneOf(facts.unrealisedRatio),
    });
  }
  if (facts.portfolioShare !== undefined) {
    list.push({
      key: 'share',
      label: t('facts.ofPortfolio'),
      value: formatPercent(facts.portfolioShare, f.locale),
    });
  }
  if (list.length === 0 && !children) return null;
  return (
    <div className="facts-card">
      {list.length > 0 && (
        <dl
          className={`facts${facts.price === undefined ? ' facts--no-price' : ''}`}
          aria-label={t('facts.label')}
        >
          {list.map((fact) => (
            <div key={fact.key} className="facts__item">
              <dt>{fact.label}</dt>
              <dd className={`num${fact.tone ? ` change--${fact.tone}` : ''}`}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {facts.unrealisedRatio !== undefined && unrealised.note}
      {children}
    </div>
  );
}
