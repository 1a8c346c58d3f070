// The Profile screen's own texts, in both languages, beside it: like src/i18n/market.ts, they load with their screen
// alone, as the main catalogues' English is start-up code (`npm run budget`). Keys as in en.ts;
// TypeScript refuses a Danish text that is missing. What the profile machine sends ('Profile
// saved') is in en-sent.ts, where the translation of sent texts finds it.
import type { Locale } from '../../i18n/locales';

const en = {
  'profile.title': 'Profile',
  'profile.account': 'Your account',
  'profile.accountHint': 'Change your name, e-mail or password.',
  'profile.edit': 'Edit Profile',
  'profile.settings': 'Settings',
  'profile.demo': 'Demo data',
  'profile.demoText':
    'Your changes to the demo are kept in this browser. Start again from the sample portfolios.',
  'profile.resetDemo': 'Reset demo data',
  'profile.passwordHint': 'Leave empty to keep your password.',
  'profile.confirmPassword': 'Confirm password',
  'profile.currentPassword': 'Current password',
  'profile.currentPasswordHint': 'Needed to change your e-mail or password.',
  'profile.import': 'Import',
  'profile.importText':
    'Bring your history from Nordnet, Saxo, DEGIRO, Interactive Brokers or a CSV file.',
  'profile.importLink': 'Import a file',
  'profile.tax': 'Tax year',
  'profile.taxText':
    'What to report for a year from all your portfolios: gains by the average method, dividends, yearly gains and your aktiesparekonto.',
  'profile.taxLink': 'Open the year report',
  'profile.export': 'Export',
  'profile.exportText':
    'Everything you have in Formue: portfolios, investments, every transaction and your prices. The JSON file can be imported again.',
  'profile.exportJson': 'Export JSON',
  'profile.exportCsv': 'Export CSV',
  'profile.benchmark': 'Benchmark',
  'profile.benchmarkText':
    'The home and portfolio charts can show what the same money, put into this instead on the same days, would be worth now.',
  'profile.benchmarkCurrent': 'Compared with',
  'profile.benchmarkLoading': 'Loading your benchmark',
  'profile.benchmarkSearch': 'Pick another',
  'profile.benchmarkHint': 'Search by name or ISIN: any fund, share or crypto Formue can price.',
  'profile.benchmarkSuggestions': 'Instruments',
  'profile.benchmarkCount': '{count} instruments found',
} as const;

export type ProfileKey = keyof typeof en;

const da: Readonly<Record<ProfileKey, string>> = {
  'profile.title': 'Profil',
  'profile.account': 'Din konto',
  'profile.accountHint': 'Skift dit navn, din e-mail eller din adgangskode.',
  'profile.edit': 'Rediger profil',
  'profile.settings': 'Indstillinger',
  'profile.demo': 'Demodata',
  'profile.demoText':
    'Dine ændringer i demoen gemmes i denne browser. Start forfra med eksempelporteføljerne.',
  'profile.resetDemo': 'Nulstil demodata',
  'profile.passwordHint': 'Lad feltet stå tomt for at beholde din adgangskode.',
  'profile.confirmPassword': 'Bekræft adgangskode',
  'profile.currentPassword': 'Nuværende adgangskode',
  'profile.currentPasswordHint': 'Kræves for at ændre din e-mail eller adgangskode.',
  'profile.import': 'Import',
  'profile.importText':
    'Hent din historik fra Nordnet, Saxo, DEGIRO, Interactive Brokers eller en CSV-fil.',
  'profile.importLink': 'Importér en fil',
  'profile.tax': 'Skatteår',
  'profile.taxText':
    'Hvad du skal indberette for et år fra alle dine depoter: gevinst efter gennemsnitsmetoden, udbytte, lagergevinst og din aktiesparekonto.',
  'profile.taxLink': 'Åbn årsrapporten',
  'profile.export': 'Eksport',
  'profile.exportText':
    'Alt, hvad du har i Formue: porteføljer, investeringer, hver transaktion og dine kurser. JSON-filen kan importeres igen.',
  'profile.exportJson': 'Eksportér JSON',
  'profile.exportCsv': 'Eksportér CSV',
  'profile.benchmark': 'Benchmark',
  'profile.benchmarkText':
    'Graferne på forsiden og for porteføljer kan vise, hvad de samme penge, sat ind i dette i stedet på de samme dage, ville være værd nu.',
  'profile.benchmarkCurrent': 'Sammenlignes med',
  'profile.benchmarkLoading': 'Indlæser dit benchmark',
  'profile.benchmarkSearch': 'Vælg et andet',
  'profile.benchmarkHint':
    'Søg på navn eller ISIN: enhver fond, aktie eller kryptovaluta, Formue kan prissætte.',
  'profile.benchmarkSuggestions': 'Værdipapirer',
  'profile.benchmarkCount': '{count} værdipapirer fundet',
};

export const PROFILE_TEXTS: Readonly<Record<Locale, Readonly<Record<ProfileKey, string>>>> = {
  en,
  da,
};
