import { Change } from './change';
import { useExplanation } from '../explained';
import { useFormatters } from '../format-context';
import { Skeleton } from '../states';
import { useT } from '../../app/use-i18n';
import type { Period } from '../../../domain/types';
import './value-summary.css';

export interface ValueSummaryProps {
  label: string;
  value: number;
  change: number;
  changeRatio: number;
  period: Period;
  /** ISO instant Day's change is from when the markets were closed (the answer's `since`). */
  since?: string;
  /** Newer figures are loading (after a period switch, or these are the last visit's): these are
   * dimmed, and said to be updating if the answer is slow, until they arrive. */
  updating?: boolean;
}

/** The big figure of a screen: its value and the change over the selected period. */
export function ValueSummary({
  label,
  value,
  change,
  changeRatio,
  period,
  since,
  updating = false,
}: ValueSummaryProps) {
  const f = useFormatters();
  const { t, locale } = useT();
  // The screen's headline return: its period words say what it is, and open what it counts.
  const span =
    period === 'Day' && since !== undefined
      ? t('summary.since', { day: sessionDay(since, locale) })
      : t(`summary.${period}`);
  const explained = useExplanation(span, t('summary.changeExplained'));
  return (
    <div className={`value-summary${updating ? ' value-summary--updating' : ''}`}>
      {/* The period beside the label, so the change keeps one line on a phone. */}
      <p className="value-summary__label">
        {label}
        <span className="change__period">{explained.toggle}</span>
      </p>
      <p className="value-summary__value num">{f.amount(value)}</p>
      <p className="change-pill">
        <Change change={change} ratio={changeRatio} />
      </p>
      {explained.note}
      {updating && <p className="value-summary__updating">{t('summary.updating')}</p>}
    </div>
  );
}

/** "Thu 26 Nov", "tors. 26. nov.": the day of a close, in the reader's time zone. */
function sessionDay(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso));
}

export function ValueSummarySkeleton({ label }: { label: string }) {
  const { t } = useT();
  return (
    <div
      className="value-summary"
      role="status"
      aria-label={t('summary.loading', { label: label.toLowerCase() })}
    >
      <p className="value-summary__label">{label}</p>
      <Skeleton width="60%" height={38} />
      <Skeleton width="40%" height={20} />
    </div>
  );
}
