// The texts of the Returns section and its monthly table, in both languages, beside them.
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'returns.title': 'Returns',
  'returns.span': 'Over',
  'returns.spanPeriod': 'The selected period ({period})',
  'returns.spanThisYear': 'This year',
  'returns.loading': 'Loading returns',
  'returns.figures': 'Returns',
  'returns.dates': '{from} to {to}',
  'returns.total': 'Total return',
  'returns.totalExplained':
    'What you earned in DKK: the change in value, with what you put in and took out counted.',
  'returns.twr': 'Time-weighted return (TWR)',
  'returns.twrExplained': "Your money's growth, ignoring when you added or took out money.",
  'returns.irr': 'Money-weighted return (IRR)',
  'returns.irrExplained': 'Your personal return, counting when you added money.',
  'returns.annualised': 'a year, annualised',
  'returns.notEnoughHistory': 'Not enough history',
  'returns.none': 'Nothing invested',
  'returns.dividends': 'Dividends (gross)',
  'returns.withholding': 'Withholding tax',
  'returns.fees': 'Fees',
  'returns.byMonth': 'Returns by month',
  'returns.monthlyTable': 'Time-weighted return by month',
  'returns.year': 'Year',
} as const;

export type ReturnsKey = keyof typeof en;

const da: Readonly<Record<ReturnsKey, string>> = {
  'returns.title': 'Afkast',
  'returns.span': 'Over',
  'returns.spanPeriod': 'Den valgte periode ({period})',
  'returns.spanThisYear': 'I år',
  'returns.loading': 'Indlæser afkast',
  'returns.figures': 'Afkast',
  'returns.dates': '{from} til {to}',
  'returns.total': 'Samlet afkast',
  'returns.totalExplained':
    'Hvad du har tjent i kroner: værdiens ændring, med det du har sat ind og taget ud regnet med.',
  'returns.twr': 'Tidsvægtet afkast (TWR)',
  'returns.twrExplained': 'Dine penges vækst, uanset hvornår du satte penge ind eller tog dem ud.',
  'returns.irr': 'Pengevægtet afkast (IRR)',
  'returns.irrExplained': 'Dit personlige afkast, hvor det tæller med, hvornår du satte penge ind.',
  'returns.annualised': 'om året, annualiseret',
  'returns.notEnoughHistory': 'For kort historik',
  'returns.none': 'Intet investeret',
  'returns.dividends': 'Udbytte (brutto)',
  'returns.withholding': 'Udbytteskat',
  'returns.fees': 'Gebyrer',
  'returns.byMonth': 'Afkast pr. måned',
  'returns.monthlyTable': 'Tidsvægtet afkast pr. måned',
  'returns.year': 'År',
};

export const RETURNS_TEXTS: FeatureTexts<ReturnsKey> = { en, da };
