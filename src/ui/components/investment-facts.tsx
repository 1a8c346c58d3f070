import type { ReactNode } from 'react';
import { formatPercent } from '../../domain/numbers';
import type { AssetClass } from '../../domain/types';
import type { MessageKey } from '../../i18n';
import type { InvestmentFacts as Facts } from '../../machines/selectors';
import { useT } from '../hooks/use-i18n';
import { useFormatters } from './format-context';
import { Skeleton } from './states';
import { toneOf } from './stats-table';
import './investment-facts.css';

const ASSET_CLASS_LABELS: Record<AssetClass, MessageKey> = {
  stock: 'facts.class.stock',
  fund: 'facts.class.fund',
  crypto: 'facts.class.crypto',
};

interface Fact {
  label: string;
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
  const { t } = useT();
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
    list.push({ label: t('facts.price'), value: f.amount(facts.price) });
  if (facts.instrument) {
    const { type, isin, asset_class, currency } = facts.instrument;
    list.push(
      { label: t(type === 'crypto' ? 'facts.symbol' : 'facts.isin'), value: isin },
      { label: t('facts.type'), value: t(ASSET_CLASS_LABELS[asset_class]) },
      { label: t('facts.currency'), value: currency },
    );
  }
  if (facts.unrealisedRatio !== undefined) {
    list.push({
      label: t('facts.return'),
      value: f.ratio(facts.unrealisedRatio),
      tone: toneOf(facts.unrealisedRatio),
    });
  }
  if (facts.portfolioShare !== undefined) {
    list.push({
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
            <div key={fact.label} className="facts__item">
              <dt>{fact.label}</dt>
              <dd className={`num${fact.tone ? ` change--${fact.tone}` : ''}`}>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </div>
  );
}
