// What the fake market knows: instruments by ISIN with their listings, as Yahoo search and
// OpenFIGI would describe them. Covers the catalogue's stocks (src/domain/market.ts), so a server
// holding the demo account's instruments finds a price for every one, plus Danish funds (one only
// OpenFIGI knows) and a few search results that are not holdings.
import { ELSEWHERE } from './instruments-elsewhere';
import { NORDIC } from './instruments-nordic';

export type QuoteType = 'EQUITY' | 'ETF' | 'MUTUALFUND';

export interface FakeListing {
  /** Yahoo symbol. */
  symbol: string;
  /** Yahoo's exchange code (search `exchange`, chart `exchangeName`). */
  code: string;
  /** Typical price in the quote currency. */
  level: number;
  /** When it differs from the exchange's (a USD line in London). */
  currency?: string;
  /** Bloomberg ticker and exchange codes, when OpenFIGI lists this line. */
  figi?: { ticker: string; exchCodes: string[] };
  /** False: Yahoo search does not find it (its chart still answers). */
  searchable?: boolean;
}

export interface FakeInstrument {
  isin: string;
  /** Yahoo's long name. */
  name: string;
  /** Bloomberg's upper-case name, which marks share classes ("...-B"). */
  figiName: string;
  type: QuoteType;
  listings: FakeListing[];
}

export const INSTRUMENTS: readonly FakeInstrument[] = [...NORDIC, ...ELSEWHERE];

/** Search results that are not holdings (Yahoo mixes them in); found by name only. */
export const NOT_HOLDINGS: readonly {
  symbol: string;
  name: string;
  quoteType: string;
  code: string;
  exchDisp: string;
}[] = [
  {
    symbol: '^IXIC',
    name: 'NASDAQ Composite',
    quoteType: 'INDEX',
    code: 'NIM',
    exchDisp: 'Nasdaq GIDS',
  },
  {
    symbol: 'NQ=F',
    name: 'Nasdaq 100 Dec 25',
    quoteType: 'FUTURE',
    code: 'CME',
    exchDisp: 'Chicago Mercantile Exchange',
  },
  {
    symbol: '^OMXC25',
    name: 'OMX Copenhagen 25 Index',
    quoteType: 'INDEX',
    code: 'CPH',
    exchDisp: 'Copenhagen',
  },
  { symbol: 'DKK=X', name: 'USD/DKK', quoteType: 'CURRENCY', code: 'CCY', exchDisp: 'CCY' },
];

/** Equities Yahoo search finds by name, with no ISIN in the table. */
export const NAME_ONLY: readonly FakeInstrument[] = [
  {
    isin: '',
    name: 'Nasdaq, Inc.',
    figiName: 'NASDAQ INC',
    type: 'EQUITY',
    listings: [{ symbol: 'NDAQ', code: 'NMS', level: 80 }],
  },
];

const BY_SYMBOL = new Map<string, { instrument: FakeInstrument; listing: FakeListing }>();
for (const instrument of [...INSTRUMENTS, ...NAME_ONLY]) {
  for (const listing of instrument.listings) BY_SYMBOL.set(listing.symbol, { instrument, listing });
}

export function listingOf(symbol: string) {
  return BY_SYMBOL.get(symbol);
}

export function instrumentByIsin(isin: string): FakeInstrument | undefined {
  return INSTRUMENTS.find((i) => i.isin === isin);
}
