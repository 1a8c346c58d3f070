// The portfolios feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export { createPortfolioMachine } from './create-portfolio.machine';
export { PORTFOLIO_RULES, type PortfolioValues } from './portfolio.rules';
