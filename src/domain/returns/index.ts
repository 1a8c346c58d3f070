// Returns: total return, time- and money-weighted, from a book of flows (docs/returns.md).
export { holdingsBook, joinBooks, type Book, type Earning, type Flow } from './book';
export { yearStart } from './calendar';
export {
  MIN_IRR_DAYS,
  performance,
  stepReturn,
  type IrrNote,
  type MonthReturn,
  type Performance,
  type PerformanceInput,
  type Step,
} from './performance';
export { xirr, type DatedAmount } from './xirr';
