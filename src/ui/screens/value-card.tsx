import { useState } from 'react';
import { ChartSkeleton, ValueChart } from '../components/value-chart';
import { Loadable } from '../components/loadable';
import { ValueSummary, ValueSummarySkeleton } from '../components/value-summary';
import { useChart, useValue, type ValueTarget } from '../hooks/use-data';
import { usePeriod } from '../hooks/use-period';

/** A screen's headline figure with its change over the period, and its chart. */
export function ValueCard({ target, label }: { target: ValueTarget; label: string }) {
  const { period } = usePeriod();
  const value = useValue(target);
  const chart = useChart(target);
  // An empty chart is drawn from the moment the screen opened.
  const [now] = useState(Date.now);
  return (
    <section className="card" aria-label={label}>
      <Loadable
        status={value.status}
        error={value.error}
        onRetry={value.retry}
        skeleton={<ValueSummarySkeleton label={label} />}
      >
        {() =>
          value.figures && (
            <ValueSummary
              label={label}
              value={value.figures.value}
              change={value.figures.change}
              changeRatio={value.figures.changeRatio}
              period={period}
            />
          )
        }
      </Loadable>
      <div className="value-card__chart">
        <Loadable
          status={chart.status}
          error={chart.error}
          onRetry={chart.retry}
          skeleton={<ChartSkeleton />}
        >
          {() => <ValueChart points={chart.points} now={now} description={`${label}, ${period}`} />}
        </Loadable>
      </div>
    </section>
  );
}
