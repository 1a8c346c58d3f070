// How an investment is taxed (issue 39): on realisation or on its yearly gain (lagerbeskatning),
// and as share or capital income. The defaults follow the rules; the user may override them with a
// reason. Everything in an aktiesparekonto or a pension portfolio follows that portfolio.
import { ABIS_LISTS, onAbisList, type AbisList } from './abis';

export const PORTFOLIO_KINDS = ['free', 'aktiesparekonto', 'pension'] as const;
/** `free`: frie midler, the default. */
export type PortfolioKind = (typeof PORTFOLIO_KINDS)[number];

export const TAXATIONS = ['realisation', 'yearly'] as const;
export type Taxation = (typeof TAXATIONS)[number];

export const INCOME_KINDS = ['share', 'capital'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

export interface TaxClass {
  taxation: Taxation;
  income: IncomeKind;
}

/**
 * Why a class applies: a listed share; a fund on (or not on) the year's ABIS list; the
 * portfolio's kind; the user's override; crypto, which is personal income and outside the report.
 */
export type TaxClassBasis =
  'listed-share' | 'abis' | 'not-abis' | 'aktiesparekonto' | 'pension' | 'user' | 'crypto';

export interface ResolvedTaxClass extends TaxClass {
  basis: TaxClassBasis;
  /** The user's reason, with basis `user`. */
  reason?: string;
}

/** What the rules need to know of an instrument. */
export interface TaxedInstrument {
  assetClass: 'stock' | 'fund' | 'crypto';
  isin: string;
}

/** The user's own class of an investment. */
export interface TaxClassOverride extends TaxClass {
  reason: string;
}

/**
 * The class an investment has in `year`: the portfolio's kind first (an aktiesparekonto or pension
 * is taxed yearly as a whole), then the user's override, then the rules.
 */
export function taxClassOf(
  instrument: TaxedInstrument,
  kind: PortfolioKind,
  year: number,
  override?: TaxClassOverride,
  lists: Readonly<Record<number, AbisList>> = ABIS_LISTS,
): ResolvedTaxClass {
  if (kind !== 'free') return { taxation: 'yearly', income: 'share', basis: kind };
  if (override) return { ...override, basis: 'user' };
  switch (instrument.assetClass) {
    case 'crypto':
      return { taxation: 'realisation', income: 'capital', basis: 'crypto' };
    case 'stock':
      return { taxation: 'realisation', income: 'share', basis: 'listed-share' };
    case 'fund':
      return onAbisList(instrument.isin, year, lists)
        ? { taxation: 'yearly', income: 'share', basis: 'abis' }
        : { taxation: 'yearly', income: 'capital', basis: 'not-abis' };
  }
}
