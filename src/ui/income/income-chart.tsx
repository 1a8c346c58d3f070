// The year's dividends per month as bars, net below the tax withheld: d3 computes the scales,
// React draws. Decorative beside the table of the same figures, which screen readers read.
import { scaleBand, scaleLinear } from 'd3-scale';
import type { IncomeMonth } from '../../domain/types';

const WIDTH = 640;
const HEIGHT = 200;
const PLOT = { left: 4, right: WIDTH - 4, top: 8, bottom: HEIGHT - 22 };

export function IncomeChart({
  months,
  monthLabel,
}: {
  months: readonly IncomeMonth[];
  monthLabel: (month: string) => string;
}) {
  const x = scaleBand<string>()
    .domain(months.map((m) => m.month))
    .range([PLOT.left, PLOT.right])
    .padding(0.25);
  const top = Math.max(...months.map((m) => m.gross), 0);
  const y = scaleLinear()
    .domain([0, top > 0 ? top : 1])
    .range([PLOT.bottom, PLOT.top]);
  return (
    <svg
      className="income-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
    >
      <line
        className="income-chart__axis"
        x1={PLOT.left}
        x2={PLOT.right}
        y1={PLOT.bottom}
        y2={PLOT.bottom}
      />
      {months.map((m) => {
        const left = x(m.month) ?? 0;
        const netTop = y(m.net);
        const grossTop = y(m.gross);
        return (
          <g key={m.month}>
            <rect
              className="income-chart__net"
              x={left}
              width={x.bandwidth()}
              y={netTop}
              height={PLOT.bottom - netTop}
            />
            <rect
              className="income-chart__withheld"
              x={left}
              width={x.bandwidth()}
              y={grossTop}
              height={netTop - grossTop}
            />
            <text
              className="income-chart__label"
              x={left + x.bandwidth() / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
            >
              {monthLabel(m.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
