import { useState } from 'react';
import { ChartSkeleton, ValueChart } from '../components/value-chart';
import { Loadable } from '../components/loadable';
import { ValueSummary, ValueSummarySkeleton } from '../components/value-summary';
import { useChart, useValue, type ValueTarget } from '../hooks/use-data';
import { usePeriod } from '../hooks/use-period';

/**
 * The period the shown figures are for: the selected one once its answer is in. While a period
 * change reloads, the old figures keep their old period's words, so a figure is never labelled
 * with a period it is not for.
 */
function useShownPeriod(refreshing: boolean): string {
  const { period } = usePeriod();
  const [shown, setShown] = useState(period);
  // Adjusting state while rendering (React's pattern for state derived from changing input).
  if (!refreshing && shown !== period) setShown(period);
  return refreshing ? shown : period;
}

/** A screen's headline figure with its change over the period, and its chart. */
export function ValueCard({ target, label }: { target: ValueTarget; label: string }) {
  const value = useValue(target);
  const chart = useChart(target);
  const valuePeriod = useShownPeriod(value.refreshing);
  const chartPeriod = useShownPeriod(chart.refreshing);
  // An empty chart is drawn from the moment the screen opened.
  const [now] = useState(Date.now);
  return (
    <section
      className="card"
      aria-label={label}
      aria-busy={value.refreshing || chart.refreshing || undefined}
    >
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
              period={valuePeriod}
              updating={value.refreshing}
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
          {() => (
            <ValueChart points={chart.points} now={now} description={`${label}, ${chartPeriod}`} />
          )}
        </Loadable>
      </div>
    </section>
  );
}
