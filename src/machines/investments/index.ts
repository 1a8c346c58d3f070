// The investments feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export { createInvestmentMachine, isFieldEnabled, pageOf } from './create-investment.machine';
export type { InvestmentField } from './investment.rules';
export { instrumentSearchMachine } from './instrument-search.machine';
export {
  LISTING_MODE,
  type ListingDependent,
  listingMachine,
  offersChange,
} from './listing.machine';
