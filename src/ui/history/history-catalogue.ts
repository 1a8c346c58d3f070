// The History screen's texts, in both languages, beside it.
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'history.title': 'History',
  'history.transactions': 'Transactions',
  'history.loading': 'Loading transactions',
  'history.empty': 'No transactions yet. Buys, sells, dividends and splits show up here.',
  'history.noMatch': 'No transactions match these filters.',
  'history.filter': 'Filter transactions',
  'history.search': 'Search',
  'history.searchPlaceholder': 'Name or type',
  'history.type': 'Type',
  'history.allTypes': 'All types',
  'history.portfolio': 'Portfolio',
  'history.allPortfolios': 'All portfolios',
  'history.from': 'From',
  'history.to': 'To',
  'history.totals': 'Sums',
  'history.clear': 'Clear filters',
  'history.count.one': '{total} transaction',
  'history.count.many': '{total} transactions',
  'history.countOf.one': '{shown} of {total} transaction',
  'history.countOf.many': '{shown} of {total} transactions',
} as const;

export type HistoryKey = keyof typeof en;

const da: Readonly<Record<HistoryKey, string>> = {
  'history.title': 'Historik',
  'history.transactions': 'Transaktioner',
  'history.loading': 'Indlæser transaktioner',
  'history.empty': 'Ingen transaktioner endnu. Køb, salg, udbytter og splits vises her.',
  'history.noMatch': 'Ingen transaktioner passer til filtrene.',
  'history.filter': 'Filtrer transaktioner',
  'history.search': 'Søg',
  'history.searchPlaceholder': 'Navn eller type',
  'history.type': 'Type',
  'history.allTypes': 'Alle typer',
  'history.portfolio': 'Portefølje',
  'history.allPortfolios': 'Alle porteføljer',
  'history.from': 'Fra',
  'history.to': 'Til',
  'history.totals': 'Summer',
  'history.clear': 'Ryd filtre',
  'history.count.one': '{total} transaktion',
  'history.count.many': '{total} transaktioner',
  'history.countOf.one': '{shown} af {total} transaktion',
  'history.countOf.many': '{shown} af {total} transaktioner',
};

export const HISTORY_TEXTS: FeatureTexts<HistoryKey> = { en, da };
