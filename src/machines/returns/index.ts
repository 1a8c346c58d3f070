// The returns feature's machines as the rest of the app takes them: from here, never from the
// files beside (eslint.config.js, feature folders).
export { returnsMachine, type ReturnsEvent } from './returns.machine';
export { monthlyRows, PAST_YEARS, yearChoices, type MonthlyRow } from './returns-view';
