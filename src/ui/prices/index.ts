// The prices feature's UI as the rest of the app takes it: from here, never
// from the files beside (eslint.config.js, feature folders).
export { PricesSection } from './prices-section';
export { QuoteLine } from './quote-line';
export { usePrices } from './use-prices';
