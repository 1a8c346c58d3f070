import { useState } from 'react';
import { ChartSkeleton, ValueChart } from '../components/charts/value-chart';
import { Loadable } from '../data/loadable';
import { ValueSummary, ValueSummarySkeleton } from '../components/charts/value-summary';
import { useChart, useValue, type ValueTarget } from '../data/use-data';
import { useT } from '../app/use-i18n';
import { usePeriod } from '../app/use-period';
import { useBenchmarkComparison } from '../app/use-settings';
import './value-card.css';

/** A screen's headline figure with its change over the period, and its chart. */
export function ValueCard({ target, label }: { target: ValueTarget; label: string }) {
  const value = useValue(target);
  const chart = useChart(target);
  // Each answer says which period it is for; the selected one until a first answer records it.
  const { period } = usePeriod();
  // An empty chart is drawn from the moment the screen opened.
  const [now] = useState(Date.now);
  const { t } = useT();
  const { comparing, toggleComparison } = useBenchmarkComparison();
  const { benchmark } = chart;
  return (
    <section
      className="card"
      aria-label={label}
      aria-busy={value.refreshing || chart.refreshing || undefined}
    >
      <Loadable
        status={value.status}
        stale={value.stale}
        error={value.error}
        skeleton={<ValueSummarySkeleton label={label} />}
      >
        {() =>
          value.figures && (
            <ValueSummary
              label={label}
              value={value.figures.value}
              change={value.figures.change}
              changeRatio={value.figures.changeRatio}
              period={value.period ?? period}
              since={value.figures.since}
              updating={value.refreshing}
            />
          )
        }
      </Loadable>
      <div className="value-card__chart">
        <Loadable status={chart.status} stale={chart.stale} skeleton={<ChartSkeleton />}>
          {() => (
            <ValueChart
              points={chart.points}
              comparison={
                comparing && benchmark
                  ? { name: benchmark.name, points: benchmark.chart }
                  : undefined
              }
              now={now}
              description={t('chart.description', {
                label,
                period: t(`period.${chart.period ?? period}`),
              })}
            />
          )}
        </Loadable>
        {benchmark && (
          <button
            type="button"
            className="button button--secondary button--small value-card__compare"
            aria-pressed={comparing}
            onClick={toggleComparison}
          >
            <span className="value-card__compare-text">
              {t('chart.compare', { name: benchmark.name })}
            </span>
          </button>
        )}
      </div>
    </section>
  );
}
