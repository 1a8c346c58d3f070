import { useId } from 'react';
import { arc, pie } from 'd3-shape';
import type { Grouping, Slice, SliceLabel } from '../../domain/allocation';
import { OTHER_KEY, formatSlicePercent } from '../../domain/allocation';
import { useT } from '../app/use-i18n';
import { useFormatters } from '../components/format-context';
import './allocation-chart.css';
import { ALLOCATION_TEXTS, type AllocationKey } from './allocation-catalogue';

const SIZE = 200;
const OUTER = SIZE / 2 - 2;
const INNER = OUTER * 0.62;

const OPTION_KEYS: Record<Grouping, AllocationKey> = {
  portfolio: 'allocation.grouping.portfolio',
  investment: 'allocation.grouping.investment',
  type: 'allocation.grouping.type',
  currency: 'allocation.grouping.currency',
};

const NAME_KEYS: Record<Grouping, AllocationKey> = {
  portfolio: 'allocation.chart.portfolio',
  investment: 'allocation.chart.investment',
  type: 'allocation.chart.type',
  currency: 'allocation.chart.currency',
};

export interface DonutArc {
  key: string;
  path: string;
}

/** Named slices take the palette in order; pooled small ones are always grey. */
function colourOf(slice: Slice, index: number): string {
  return slice.key === OTHER_KEY ? 'slice-other' : `slice-${index + 1}`;
}

/** d3 computes each slice's arc in the slices' order, from twelve o'clock clockwise. */
export function donutArcs(slices: readonly Slice[]): DonutArc[] {
  const layout = pie<Slice>()
    .value((s) => s.value)
    .sort(null)
    .padAngle(slices.length > 1 ? 0.012 : 0);
  const shape = arc<{ startAngle: number; endAngle: number; padAngle: number }>()
    .innerRadius(INNER)
    .outerRadius(OUTER)
    .cornerRadius(2);
  return layout([...slices]).map((a) => ({ key: a.data.key, path: shape(a) ?? '' }));
}

export interface AllocationChartProps {
  slices: readonly Slice[];
  grouping: Grouping;
  /** The groupings the screen offers, in this order. */
  groupings: readonly Grouping[];
  onGroupingChange: (grouping: Grouping) => void;
}

/** A donut of the slices beside (or, narrow, below) a table of their values and shares. */
export function AllocationChart({
  slices,
  grouping,
  groupings,
  onGroupingChange,
}: AllocationChartProps) {
  const { t, locale } = useT(ALLOCATION_TEXTS);
  const f = useFormatters();
  const name = useId();
  const chartName = t(NAME_KEYS[grouping]);
  const label = (l: SliceLabel): string => {
    switch (l.kind) {
      case 'name':
        return l.text;
      case 'class':
        return t(`allocation.class.${l.assetClass}`);
      case 'other':
        return t('allocation.other', { count: l.count });
      case 'unknown':
        return t('allocation.unknown');
    }
  };
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const arcs = donutArcs(slices);
  return (
    <div className="allocation">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t('allocation.groupBy')}</legend>
        {groupings.map((g) => (
          <label key={g} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={g}
              checked={g === grouping}
              onChange={() => onGroupingChange(g)}
            />
            <span>{t(OPTION_KEYS[g])}</span>
          </label>
        ))}
      </fieldset>
      <div className="allocation__body">
        <div className="allocation__donut">
          <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={chartName}>
            <g transform={`translate(${SIZE / 2} ${SIZE / 2})`}>
              {arcs.map((a, i) => (
                <path key={a.key} d={a.path} className={colourOf(slices[i], i)} />
              ))}
            </g>
          </svg>
        </div>
        <table className="allocation__table">
          <caption className="visually-hidden">{chartName}</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">{t('common.name')}</th>
              <th scope="col">{t('common.value')}</th>
              <th scope="col">{t('allocation.share')}</th>
            </tr>
          </thead>
          <tbody>
            {slices.map((s, i) => (
              <tr key={s.key}>
                <th scope="row">
                  <span className="allocation__label">
                    <span className={`allocation__swatch ${colourOf(s, i)}`} aria-hidden="true" />
                    {label(s.label)}
                  </span>
                </th>
                <td className="allocation__value num">{f.amount(s.value)}</td>
                <td className="allocation__percent num">{formatSlicePercent(s.percent, locale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('allocation.total')}</th>
              <td className="allocation__value num">{f.amount(total)}</td>
              <td className="allocation__percent num">{formatSlicePercent(100, locale)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
