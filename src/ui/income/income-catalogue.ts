// The Income screen's texts (dividends by month and by holding), in both languages, beside it.
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'income.title': 'Income',
  'income.year': 'Year',
  'income.gross': 'Gross',
  'income.withheld': 'Tax withheld',
  'income.net': 'Net',
  'income.byMonth': 'Dividends by month',
  'income.byHolding': 'Dividends by holding',
  'income.month': 'Month',
  'income.holding': 'Holding',
  'income.total': 'Total',
  'income.empty': 'No dividends in {year}.',
  'income.loading': 'Loading income',
  'income.retry': 'Try again',
} as const;

export type IncomeKey = keyof typeof en;

const da: Readonly<Record<IncomeKey, string>> = {
  'income.title': 'Indkomst',
  'income.year': 'År',
  'income.gross': 'Brutto',
  'income.withheld': 'Udbytteskat',
  'income.net': 'Netto',
  'income.byMonth': 'Udbytter pr. måned',
  'income.byHolding': 'Udbytter pr. beholdning',
  'income.month': 'Måned',
  'income.holding': 'Beholdning',
  'income.total': 'I alt',
  'income.empty': 'Ingen udbytter i {year}.',
  'income.loading': 'Indlæser indkomst',
  'income.retry': 'Prøv igen',
};

export const INCOME_TEXTS: FeatureTexts<IncomeKey> = { en, da };
