// The tax year's kinds, free of imports: the wire's schemas (loaded by vite.config.ts too) use them.

export const PORTFOLIO_KINDS = ['free', 'aktiesparekonto', 'pension'] as const;
/** `free`: frie midler, the default. */
export type PortfolioKind = (typeof PORTFOLIO_KINDS)[number];

export const TAXATIONS = ['realisation', 'yearly'] as const;
export type Taxation = (typeof TAXATIONS)[number];

export const INCOME_KINDS = ['share', 'capital'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/**
 * Why a class applies: a listed share; a fund on (or not on) the year's ABIS list; the
 * portfolio's kind; the user's override; crypto, which is personal income and outside the report;
 * a fund in a year whose ABIS list is not loaded (`no-abis-list`, counted as not on it).
 */
export const TAX_CLASS_BASES = [
  'listed-share',
  'abis',
  'not-abis',
  'aktiesparekonto',
  'pension',
  'user',
  'crypto',
  'no-abis-list',
] as const;
export type TaxClassBasis = (typeof TAX_CLASS_BASES)[number];
