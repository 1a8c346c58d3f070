// Value, change and charts over a period (decisions.md section 2): the replayed history
// (timeline.ts), a period's figures (figures.ts) and a chart's points (charts.ts).
export {
  doneBy,
  heldAfter,
  HOLDING_WIDTH,
  HoldingColumns,
  MidnightValues,
  sameEntry,
  splitAdjustedPrice,
  splitSteps,
  Timeline,
  type PricedHolding,
  type Replayed,
  type SplitSteps,
  type StoredReplay,
} from './timeline';
export { StepCursor } from './cursor';
export {
  closedDayStart,
  periodStart,
  sumFigures,
  valueHolding,
  type Figures,
  type PriceClock,
} from './figures';
export { chartOf, chartTimes, isoTime, MAX_CHART_POINTS, valueSeries } from './charts';
