import { Change } from './change';
import { useExplanation } from '../figures/explained';
import { useFormatters } from '../format-context';
import { Skeleton } from '../states';
import { useT } from '../../app/use-i18n';
import type { Period } from '../../../domain/types';
import { dateTimeFormat } from '../../../domain/intl';
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
  const { t } = useT();
  const sinceClose = useSinceClose();
  // The screen's headline return: its period words say what it is, and open what it counts.
  const span = period === 'Day' && since !== undefined ? sinceClose(since) : t(`summary.${period}`);
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

/**
 * "since Thu 26 Nov close" ("siden lukning tors. 26. nov."): the words of a Day change from a
 * moved start (an answer's `since`), the day of the close in the reader's time zone.
 */
export function useSinceClose(): (since: string) => string {
  const { t, locale } = useT();
  return (since) =>
    t('summary.since', {
      day: dateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }).format(new Date(since)),
    });
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
