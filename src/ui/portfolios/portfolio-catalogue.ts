// The texts of the portfolio screens and the kind field, in both languages (the kinds' names stay in
// the main catalogues: home shows them).
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'portfolioCreate.title': 'New portfolio',
  'portfolioCreate.name': 'Portfolio name',
  'portfolio.kind': 'Kind',
  'portfolio.kindHint': 'Decides how the tax year counts its holdings.',
  'portfolio.tax': 'Tax',
} as const;

export type PortfolioKey = keyof typeof en;

const da: Readonly<Record<PortfolioKey, string>> = {
  'portfolioCreate.title': 'Ny portefølje',
  'portfolioCreate.name': 'Porteføljens navn',
  'portfolio.kind': 'Type',
  'portfolio.kindHint': 'Afgør, hvordan skatteåret regner dens beholdning.',
  'portfolio.tax': 'Skat',
};

export const PORTFOLIO_TEXTS: FeatureTexts<PortfolioKey> = { en, da };
