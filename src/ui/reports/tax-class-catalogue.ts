// The texts of an investment's tax class (issue 39), in both languages, beside its section.
// They load with their screen, not at start as the main catalogues do (`npm run budget`).
import type { FeatureTexts } from '../../i18n';

const en = {
  'taxClass.title': 'Tax',
  'taxClass.loading': 'Loading the tax class…',
  'taxClass.taxation': 'Taxed on',
  'taxClass.taxation.realisation': 'Realisation',
  'taxClass.taxation.yearly': 'Yearly gain (lagerbeskatning)',
  'taxClass.income': 'Income',
  'taxClass.income.share': 'Share income',
  'taxClass.income.capital': 'Capital income',
  'taxClass.class': '{taxation} · {income} ({year})',
  'taxClass.basis.listed-share': 'Why: a listed share.',
  'taxClass.basis.abis': "Why: on SKAT's list of share-based investment companies (ABIS).",
  'taxClass.basis.not-abis': "Why: an investment company not on SKAT's ABIS list.",
  'taxClass.basis.aktiesparekonto': 'Why: it is in an aktiesparekonto, taxed 17 % as a whole.',
  'taxClass.basis.pension': 'Why: it is in a pension portfolio.',
  'taxClass.basis.user': 'Why: your choice: “{reason}”.',
  'taxClass.basis.crypto': 'Why: crypto is personal income, outside the tax year report.',
  'taxClass.basis.no-abis-list':
    "Why: an investment company, and SKAT's ABIS list for the year is not loaded: it counts as capital income.",
  'taxClass.override': 'Override',
  'taxClass.reset': 'Use the rules',
  'taxClass.reason': 'Reason',
  'taxClass.reasonHint': 'Shown with the class, here and in the tax year report.',
  'taxClass.retry': 'Try again',
} as const;

export type TaxClassKey = keyof typeof en;

const da: Readonly<Record<TaxClassKey, string>> = {
  'taxClass.title': 'Skat',
  'taxClass.loading': 'Henter skatteklassen…',
  'taxClass.taxation': 'Beskattes ved',
  'taxClass.taxation.realisation': 'Realisation',
  'taxClass.taxation.yearly': 'Årlig gevinst (lagerbeskatning)',
  'taxClass.income': 'Indkomst',
  'taxClass.income.share': 'Aktieindkomst',
  'taxClass.income.capital': 'Kapitalindkomst',
  'taxClass.class': '{taxation} · {income} ({year})',
  'taxClass.basis.listed-share': 'Hvorfor: en børsnoteret aktie.',
  'taxClass.basis.abis': 'Hvorfor: på SKATs liste over aktiebaserede investeringsselskaber (ABIS).',
  'taxClass.basis.not-abis': 'Hvorfor: et investeringsselskab, der ikke er på SKATs ABIS-liste.',
  'taxClass.basis.aktiesparekonto':
    'Hvorfor: den ligger på en aktiesparekonto, beskattet 17 % samlet.',
  'taxClass.basis.pension': 'Hvorfor: den ligger i en pensionsportefølje.',
  'taxClass.basis.user': 'Hvorfor: dit valg: “{reason}”.',
  'taxClass.basis.crypto':
    'Hvorfor: krypto er personlig indkomst og ikke med i skatteårets rapport.',
  'taxClass.basis.no-abis-list':
    'Hvorfor: et investeringsselskab, og SKATs ABIS-liste for året er ikke indlæst: det regnes som kapitalindkomst.',
  'taxClass.override': 'Tilsidesæt',
  'taxClass.reset': 'Brug reglerne',
  'taxClass.reason': 'Begrundelse',
  'taxClass.reasonHint': 'Vises med klassen, her og i skatteårets rapport.',
  'taxClass.retry': 'Prøv igen',
};

export const TAX_CLASS_TEXTS: FeatureTexts<TaxClassKey> = { en, da };
