import { useId, type ReactNode } from 'react';
import type { Performance } from '../../domain/types';
import { Section } from '../components/section';
import { useFormatters, type Formatters } from '../components/format-context';
import { toneOf } from '../components/figures/stats-table';
import { Loadable } from '../data/loadable';
import type { ValueTarget } from '../data/use-data';
import { useT, type I18n } from '../app/use-i18n';
import { MonthlyTable } from './monthly-table';
import { useReturns } from './use-returns';
import './returns.css';
import { RETURNS_TEXTS, type ReturnsKey } from './returns-catalogue';

interface Row {
  label: string;
  /** One short sentence saying what the figure measures, always shown under its name. */
  explanation?: string;
  value: ReactNode;
  tone?: 'gain' | 'loss';
}

/** An IRR under a week says so instead of a figure (docs/returns.md). */
const MIN_IRR_DAYS = 7;

function spanDays(performance: Performance): number {
  return (Date.parse(performance.to) - Date.parse(performance.from)) / 86_400_000 + 1;
}

/** The figures' names and meanings, in order: known before the figures are. */
function namesOf({ t }: I18n<ReturnsKey>): Pick<Row, 'label' | 'explanation'>[] {
  return [
    { label: t('returns.total'), explanation: t('returns.totalExplained') },
    { label: t('returns.twr'), explanation: t('returns.twrExplained') },
    { label: t('returns.irr'), explanation: t('returns.irrExplained') },
    { label: t('returns.dividends') },
    { label: t('returns.withholding') },
    { label: t('returns.fees') },
  ];
}

function valuesOf(
  p: Performance,
  f: Formatters,
  { t }: I18n<ReturnsKey>,
): Pick<Row, 'value' | 'tone'>[] {
  const rate = (value: number | null, missing: string) =>
    value === null
      ? { value: missing }
      : {
          value: p.annualised ? `${f.ratio(value)} ${t('returns.annualised')}` : f.ratio(value),
          tone: toneOf(value),
        };
  const noIrr = spanDays(p) < MIN_IRR_DAYS ? t('returns.notEnoughHistory') : t('returns.none');
  return [
    { value: f.change(p.total_return), tone: toneOf(p.total_return) },
    rate(p.twr, t('returns.none')),
    rate(p.irr, noIrr),
    { value: f.amount(p.dividends) },
    { value: f.amount(p.withholding_tax) },
    { value: f.amount(p.fees) },
  ];
}

function rowsOf(p: Performance, f: Formatters, i18n: I18n<ReturnsKey>): Row[] {
  const values = valuesOf(p, f, i18n);
  return namesOf(i18n).map((name, index) => ({ ...name, ...values[index] }));
}

function FigureList({ rows, label }: { rows: Row[]; label?: string }) {
  return (
    // A list of key figures, not a table: home's tables are the spec's two.
    <dl className="figures returns__figures" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className="figures__row">
          <dt>
            {row.label}
            {row.explanation && <span className="returns__explained">{row.explanation}</span>}
          </dt>
          <dd className={`num${row.tone ? ` change--${row.tone}` : ''}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The section as it will stand, its figures' names and meanings drawn and their values and dates
 * shimmering, so nothing below it moves when they come (a row under a finger would). Sized by
 * returns.css: a page's first paint drops style attributes.
 */
function ReturnsSkeleton({ i18n }: { i18n: I18n<ReturnsKey> }) {
  const value = <span className="skeleton returns__value-skeleton" aria-hidden="true" />;
  return (
    <div role="status" aria-label={i18n.t('returns.loading')}>
      <div aria-hidden="true">
        <p className="returns__dates">
          <span className="skeleton returns__dates-skeleton" aria-hidden="true" />
        </p>
        <FigureList rows={namesOf(i18n).map((name) => ({ ...name, value }))} />
        <span className="button button--secondary returns__toggle returns__toggle--waiting">
          {i18n.t('returns.byMonth')}
        </span>
      </div>
    </div>
  );
}

/** Total return, TWR and IRR, each with what it measures, over the selected period or a year. */
export function ReturnsSection({ target }: { target: ValueTarget }) {
  const returns = useReturns(target);
  const f = useFormatters();
  const i18n = useT(RETURNS_TEXTS);
  const { t } = i18n;
  const spanId = useId();
  const tableId = useId();
  const { performance } = returns;
  const picker = (
    <span className="returns__span">
      <label htmlFor={spanId}>{t('returns.span')}</label>
      {/* Styled as the top bar's period picker, which it extends with calendar years. */}
      <select
        id={spanId}
        className="period-select"
        value={returns.year ?? ''}
        onChange={(event) =>
          returns.selectYear(event.target.value === '' ? undefined : Number(event.target.value))
        }
      >
        <option value="">
          {t('returns.spanPeriod', { period: returns.period ? t(`period.${returns.period}`) : '' })}
        </option>
        {returns.years.map((year, index) => (
          <option key={year} value={year}>
            {index === 0 ? t('returns.spanThisYear') : year}
          </option>
        ))}
      </select>
    </span>
  );
  return (
    <Section title={t('returns.title')} action={picker}>
      <Loadable
        status={returns.status}
        stale={returns.stale}
        skeleton={<ReturnsSkeleton i18n={i18n} />}
      >
        {() =>
          performance && (
            <>
              <p className="returns__dates">
                {t('returns.dates', { from: f.date(performance.from), to: f.date(performance.to) })}
              </p>
              <FigureList label={t('returns.figures')} rows={rowsOf(performance, f, i18n)} />
              <button
                type="button"
                className="button button--secondary returns__toggle"
                aria-expanded={returns.monthlyShown}
                aria-controls={tableId}
                onClick={returns.toggleMonthly}
              >
                {t('returns.byMonth')}
              </button>
              <div id={tableId} hidden={!returns.monthlyShown}>
                {returns.monthlyShown && <MonthlyTable rows={returns.rows} />}
              </div>
            </>
          )
        }
      </Loadable>
    </Section>
  );
}
