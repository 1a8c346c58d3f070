import { Change } from './change';
import { useFormatters } from './format-context';
import { Skeleton } from './states';

export interface ValueSummaryProps {
  label: string;
  value: number;
  change: number;
  changeRatio: number;
  period: string;
  /** Newer figures are loading: these are dimmed until they arrive. */
  updating?: boolean;
}

/** The big figure of a screen: its value and the change over the selected period. */
export function ValueSummary({
  label,
  value,
  change,
  changeRatio,
  period,
  updating = false,
}: ValueSummaryProps) {
  const f = useFormatters();
  return (
    <div className={`value-summary${updating ? ' value-summary--updating' : ''}`}>
      <p className="value-summary__label">{label}</p>
      <p className="value-summary__value num">{f.amount(value)}</p>
      <p className="change-pill">
        <Change change={change} ratio={changeRatio} />
        <span className="change__period">{periodPhrase(period)}</span>
      </p>
    </div>
  );
}

function periodPhrase(period: string): string {
  switch (period) {
    case 'Day':
      return 'today';
    case 'Forever':
      return 'all time';
    default:
      return `this ${period.toLowerCase()}`;
  }
}

export function ValueSummarySkeleton({ label }: { label: string }) {
  return (
    <div className="value-summary" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
      <p className="value-summary__label">{label}</p>
      <Skeleton width="60%" height={38} />
      <Skeleton width="40%" height={20} />
    </div>
  );
}
