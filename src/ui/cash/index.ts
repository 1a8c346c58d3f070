// The cash feature's UI as the rest of the app takes it: from here, never from the files beside
// (eslint.config.js, feature folders).
export { CashSection } from './cash-section';
export { useCash } from './use-cash';
