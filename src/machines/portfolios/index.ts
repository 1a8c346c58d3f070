// The portfolios feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export { createPortfolioMachine } from './create-portfolio.machine';
export {
  CREATE_PORTFOLIO_RULES,
  PORTFOLIO_RULES,
  portfolioKind,
  type PortfolioValues,
} from './portfolio.rules';
export { portfolioKindMachine, KIND_SAVED } from './portfolio-kind.machine';
