// Figures on the wire, written once for both backends: events as entries and as listed (wire),
// replayed histories kept between requests (timelines), and a request's valuations (valuer).
export { GRID_WEIGHT, Timelines, type RecordedEvents } from './timelines';
export { Valuer } from './valuer';
export { addStepValues, type CashOfPortfolio } from './performance';
export { enteredOf, toEntry, transactionOf, type WirePortfolio } from './wire';
