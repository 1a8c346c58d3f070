// How an investment is taxed (issue 39): on realisation or on its yearly gain (lagerbeskatning),
// and as share or capital income. The defaults follow the rules; the user may override them with a
// reason. Everything in an aktiesparekonto or a pension portfolio follows that portfolio.
import { ABIS_LISTS, onAbisList, type AbisList } from './abis';
import type { IncomeKind, PortfolioKind, TaxClassBasis, Taxation } from './kinds';

export interface TaxClass {
  taxation: Taxation;
  income: IncomeKind;
}

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
  if (override) {
    const { taxation, income, reason } = override;
    return { taxation, income, reason, basis: 'user' };
  }
  switch (instrument.assetClass) {
    case 'crypto':
      return { taxation: 'realisation', income: 'capital', basis: 'crypto' };
    case 'stock':
      return { taxation: 'realisation', income: 'share', basis: 'listed-share' };
    case 'fund':
      // Without the year's list no fund is known to be on it: it counts as not, and says why.
      if (!lists[year]?.loaded)
        return { taxation: 'yearly', income: 'capital', basis: 'no-abis-list' };
      return onAbisList(instrument.isin, year, lists)
        ? { taxation: 'yearly', income: 'share', basis: 'abis' }
        : { taxation: 'yearly', income: 'capital', basis: 'not-abis' };
  }
}
