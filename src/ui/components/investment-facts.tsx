import type { ReactNode } from 'react';
import { formatPercent } from '../../domain/numbers';
import type { AssetClass } from '../../domain/types';
import type { InvestmentFacts as Facts } from '../../machines/selectors';
import { useFormatters } from './format-context';
import { Skeleton } from './states';
import { toneOf } from './stats-table';

const ASSET_CLASS_LABELS: Record<AssetClass, string> = {
  stock: 'Stock',
  fund: 'Fund',
  crypto: 'Crypto',
};

interface Fact {
  label: string;
  value: ReactNode;
  tone?: 'gain' | 'loss';
}

/**
 * The facts a holder looks for first, under the investment's name: price, code, type, listing
 * currency, unrealised gain and share of its portfolio. Facts that are not known are left out.
 * `facts` is undefined while the investments load.
 */
export function InvestmentFacts({ facts }: { facts: Facts | undefined }) {
  const f = useFormatters();
  if (!facts) {
    return (
      <div className="facts" role="status" aria-label="Loading facts">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} className="facts__placeholder">
            <Skeleton height="100%" />
          </span>
        ))}
      </div>
    );
  }
  const list: Fact[] = [];
  if (facts.price !== undefined) list.push({ label: 'Price', value: f.amount(facts.price) });
  if (facts.instrument) {
    const { type, isin, asset_class, currency } = facts.instrument;
    list.push(
      { label: type === 'crypto' ? 'Symbol' : 'ISIN', value: isin },
      { label: 'Type', value: ASSET_CLASS_LABELS[asset_class] },
      { label: 'Currency', value: currency },
    );
  }
  if (facts.unrealisedRatio !== undefined) {
    list.push({
      label: 'Unrealised',
      value: f.ratio(facts.unrealisedRatio),
      tone: toneOf(facts.unrealisedRatio),
    });
  }
  if (facts.portfolioShare !== undefined) {
    list.push({ label: 'Of portfolio', value: formatPercent(facts.portfolioShare) });
  }
  if (list.length === 0) return null;
  return (
    <dl className="facts" aria-label="Facts">
      {list.map((fact) => (
        <div key={fact.label} className="facts__item">
          <dt>{fact.label}</dt>
          <dd className={`num${fact.tone ? ` change--${fact.tone}` : ''}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
