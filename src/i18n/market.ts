// The texts of an investment's prices, listing and suggestions, in both languages. Kept apart
// from the main catalogues, whose English is start-up code: these load with the investment screen
// alone (`npm run budget`). Keys as in en.ts; TypeScript refuses a Danish text that is missing.
import type { Locale } from './locales';

const en = {
  'create.isinUnknown': 'Type the ISIN of {name}: the market data names no ISIN for it.',
  'quote.price': 'Price',
  'quote.source.yahoo': 'Yahoo',
  'quote.source.coingecko': 'CoinGecko',
  'quote.source.manual': 'typed in',
  'quote.source.synthetic': 'Demo market',
  'quote.source.trade': 'last trade',
  'quote.stale': 'Not current',
  'quote.staleSince': 'No new price since {date}.',
  'quote.changeListing': 'Change listing',

  'listing.title': 'Listing',
  'listing.lead': 'The exchange and currency its prices are taken from.',
  'listing.option': '{exchange} · {currency} · {symbol}',
  'listing.optionNoCurrency': '{exchange} · {symbol}',

  'prices.title': 'Prices',
  'prices.loading': 'Loading prices',
  'prices.table': 'Prices, newest first',
  'prices.source': 'Source',
  'prices.empty': 'No prices in this period.',
  'prices.older': 'Show older prices',
  'prices.add': 'Add price',
  'prices.edit': 'Edit',
  'prices.editLabel': 'Edit the price of {date}',
  'prices.delete': 'Delete',
  'prices.deleteLabel': 'Delete the price of {date}',
  'prices.formNew': 'Add price',
  'prices.formCorrect': 'Price of {date}',
  'prices.hint':
    'A price you type values the investment from its day until the market has a newer one.',
  'prices.replaces': 'Saving replaces the price typed for this day.',

  'suggestions.label': 'Suggestions',
  'suggestion.split': '{name} split {ratio} on {date}. Record it?',
  'suggestion.dividend': '{name} paid {amount} per share on {date}. Record it?',
  'suggestion.record': 'Record',
  'suggestion.dismiss': 'Dismiss',
} as const;

export type MarketKey = keyof typeof en;

const da: Readonly<Record<MarketKey, string>> = {
  'create.isinUnknown': 'Skriv ISIN for {name}: markedsdata angiver ingen ISIN for den.',
  'quote.price': 'Kurs',
  'quote.source.yahoo': 'Yahoo',
  'quote.source.coingecko': 'CoinGecko',
  'quote.source.manual': 'indtastet',
  'quote.source.synthetic': 'Demomarked',
  'quote.source.trade': 'seneste handel',
  'quote.stale': 'Ikke aktuel',
  'quote.staleSince': 'Ingen ny kurs siden {date}.',
  'quote.changeListing': 'Skift handelssted',

  'listing.title': 'Handelssted',
  'listing.lead': 'Børsen og valutaen, kurserne hentes fra.',
  'listing.option': '{exchange} · {currency} · {symbol}',
  'listing.optionNoCurrency': '{exchange} · {symbol}',

  'prices.title': 'Kurser',
  'prices.loading': 'Indlæser kurser',
  'prices.table': 'Kurser, nyeste først',
  'prices.source': 'Kilde',
  'prices.empty': 'Ingen kurser i perioden.',
  'prices.older': 'Vis ældre kurser',
  'prices.add': 'Tilføj kurs',
  'prices.edit': 'Ret',
  'prices.editLabel': 'Ret kursen den {date}',
  'prices.delete': 'Slet',
  'prices.deleteLabel': 'Slet kursen den {date}',
  'prices.formNew': 'Tilføj kurs',
  'prices.formCorrect': 'Kurs den {date}',
  'prices.hint':
    'En kurs, du indtaster, værdisætter investeringen fra sin dag, til markedet har en nyere.',
  'prices.replaces': 'Når du gemmer, erstatter den kursen, der er indtastet for dagen.',

  'suggestions.label': 'Forslag',
  'suggestion.split': '{name} blev splittet {ratio} den {date}. Vil du registrere det?',
  'suggestion.dividend': '{name} udbetalte {amount} pr. aktie den {date}. Vil du registrere det?',
  'suggestion.record': 'Registrer',
  'suggestion.dismiss': 'Afvis',
};

export const MARKET_TEXTS: Readonly<Record<Locale, Readonly<Record<MarketKey, string>>>> = {
  en,
  da,
};
