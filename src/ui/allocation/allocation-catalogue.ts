// The texts of the allocation section and its chart, in both languages, beside them.
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'allocation.title': 'Allocation',
  'allocation.show': 'Show allocation',
  'allocation.hide': 'Hide allocation',
  'allocation.groupBy': 'Group by',
  'allocation.grouping.portfolio': 'Portfolio',
  'allocation.grouping.investment': 'Investment',
  'allocation.grouping.type': 'Type',
  'allocation.grouping.currency': 'Currency',
  'allocation.chart.portfolio': 'Allocation by portfolio',
  'allocation.chart.investment': 'Allocation by investment',
  'allocation.chart.type': 'Allocation by type',
  'allocation.chart.currency': 'Allocation by currency',
  'allocation.share': 'Share',
  'allocation.total': 'Total',
  'allocation.class.stock': 'Stocks',
  'allocation.class.fund': 'Funds',
  'allocation.class.crypto': 'Crypto',
  'allocation.other': 'Other ({count})',
  'allocation.unknown': 'Unknown',
} as const;

export type AllocationKey = keyof typeof en;

const da: Readonly<Record<AllocationKey, string>> = {
  'allocation.title': 'Fordeling',
  'allocation.show': 'Vis fordeling',
  'allocation.hide': 'Skjul fordeling',
  'allocation.groupBy': 'Gruppér efter',
  'allocation.grouping.portfolio': 'Portefølje',
  'allocation.grouping.investment': 'Investering',
  'allocation.grouping.type': 'Type',
  'allocation.grouping.currency': 'Valuta',
  'allocation.chart.portfolio': 'Fordeling efter portefølje',
  'allocation.chart.investment': 'Fordeling efter investering',
  'allocation.chart.type': 'Fordeling efter type',
  'allocation.chart.currency': 'Fordeling efter valuta',
  'allocation.share': 'Andel',
  'allocation.total': 'I alt',
  'allocation.class.stock': 'Aktier',
  'allocation.class.fund': 'Fonde',
  'allocation.class.crypto': 'Krypto',
  'allocation.other': 'Andre ({count})',
  'allocation.unknown': 'Ukendt',
};

export const ALLOCATION_TEXTS: FeatureTexts<AllocationKey> = { en, da };
