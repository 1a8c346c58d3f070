// The Danish tax year (issue 39): rules as data, the average method, yearly gains, the
// aktiesparekonto and the share income tax. Plain TypeScript, money in big.js (the average
// method in Exact, the same figures on native BigInt).
export { ABIS_LISTS, onAbisList, type AbisList } from './abis';
export { aktiesparekontoRoom, aktiesparekontoTax, exceedsRoom } from './aktiesparekonto';
export { averageMethod, averageOf, type AverageSale, type Pool, type TaxTrade } from './average';
export { Exact } from './exact';
export { rulesFor, TAX_RULE_YEARS, TAX_YEARS, type RuleSource, type TaxYearRules } from './rules';
export { shareIncomeLimit, shareIncomeTax } from './share-income';
export {
  INCOME_KINDS,
  PORTFOLIO_KINDS,
  TAX_CLASS_BASES,
  TAXATIONS,
  type IncomeKind,
  type PortfolioKind,
  type TaxClassBasis,
  type Taxation,
} from './kinds';
export {
  taxClassOf,
  type ResolvedTaxClass,
  type TaxClass,
  type TaxClassOverride,
  type TaxedInstrument,
} from './tax-class';
export { yearlyCase, yearlyGain, type YearlyCase, type YearlyInput } from './yearly';
