// The tax year's own records (issue 39): a portfolio's kind, the user's override of an
// investment's tax class with its reason, and whether the user is married (the share income
// limit doubles).
import type { PortfolioKind, TaxClassOverride } from '../../domain/tax';

export interface TaxClassRow extends TaxClassOverride {
  investmentId: number;
}

export interface TaxSettings {
  married: boolean;
}

export interface TaxStore {
  setPortfolioKind(portfolioId: number, kind: PortfolioKind): Promise<void>;
  /** The user's overrides; an investment without one follows the rules. */
  taxClasses(userId: number): Promise<TaxClassRow[]>;
  /** Sets the investment's override, or removes it (null). */
  setTaxClass(
    userId: number,
    investmentId: number,
    override: TaxClassOverride | null,
  ): Promise<void>;
  taxSettings(userId: number): Promise<TaxSettings>;
  setTaxSettings(userId: number, settings: TaxSettings): Promise<void>;
}
