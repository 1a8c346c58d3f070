// The prices feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export { isTyped, type PriceField, type PriceValues } from './price.rules';
export { listStatus, offersOlder, pricesMachine } from './prices.machine';
export { isStale, priceCurrency } from './quote';
