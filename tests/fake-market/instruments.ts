// What the fake market knows: instruments by ISIN with their listings, as Yahoo search and
// OpenFIGI would describe them. Covers the catalogue's stocks (src/domain/market.ts), so a server
// holding the demo account's instruments finds a price for every one, plus Danish funds (one only
// OpenFIGI knows) and a few search results that are not holdings.

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

const us = (exchCode: 'UW' | 'UN') => ['US', exchCode];

export const INSTRUMENTS: readonly FakeInstrument[] = [
  // Copenhagen.
  {
    isin: 'DK0062498333',
    name: 'Novo Nordisk A/S',
    figiName: 'NOVO NORDISK A/S-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'NOVO-B.CO',
        code: 'CPH',
        level: 400,
        figi: { ticker: 'NOVOB', exchCodes: ['DC'] },
      },
      { symbol: 'NOVC.DE', code: 'GER', level: 54, figi: { ticker: 'NOVC', exchCodes: ['GY'] } },
      // A venue outside the exchange table: OpenFIGI lists it, the adapter must skip it.
      {
        symbol: 'NOVOBC.XC',
        code: 'CXE',
        level: 400,
        figi: { ticker: 'NOVOBC', exchCodes: ['EB'] },
        searchable: false,
      },
    ],
  },
  {
    isin: 'DK0010274414',
    name: 'Danske Bank A/S',
    figiName: 'DANSKE BANK A/S',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'DANSKE.CO',
        code: 'CPH',
        level: 220,
        figi: { ticker: 'DANSKE', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060079531',
    name: 'DSV A/S',
    figiName: 'DSV A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'DSV.CO', code: 'CPH', level: 1500, figi: { ticker: 'DSV', exchCodes: ['DC'] } },
    ],
  },
  {
    isin: 'DK0010244508',
    name: 'A.P. Møller - Mærsk A/S',
    figiName: 'AP MOLLER-MAERSK A/S-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'MAERSK-B.CO',
        code: 'CPH',
        level: 11000,
        figi: { ticker: 'MAERSKB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060094928',
    name: 'Ørsted A/S',
    figiName: 'ORSTED A/S',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'ORSTED.CO',
        code: 'CPH',
        level: 300,
        figi: { ticker: 'ORSTED', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0061539921',
    name: 'Vestas Wind Systems A/S',
    figiName: 'VESTAS WIND SYSTEMS A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'VWS.CO', code: 'CPH', level: 110, figi: { ticker: 'VWS', exchCodes: ['DC'] } },
    ],
  },
  {
    isin: 'DK0060448595',
    name: 'Coloplast A/S',
    figiName: 'COLOPLAST-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'COLO-B.CO',
        code: 'CPH',
        level: 800,
        figi: { ticker: 'COLOB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0010181759',
    name: 'Carlsberg A/S',
    figiName: 'CARLSBERG AS-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'CARL-B.CO',
        code: 'CPH',
        level: 850,
        figi: { ticker: 'CARLB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060336014',
    name: 'Novonesis A/S',
    figiName: 'NOVONESIS (NOVOZYMES)-B',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'NSIS-B.CO',
        code: 'CPH',
        level: 420,
        figi: { ticker: 'NSISB', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0060252690',
    name: 'Pandora A/S',
    figiName: 'PANDORA A/S',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'PNDORA.CO',
        code: 'CPH',
        level: 1100,
        figi: { ticker: 'PNDORA', exchCodes: ['DC'] },
      },
    ],
  },
  {
    isin: 'DK0010272202',
    name: 'Genmab A/S',
    figiName: 'GENMAB A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'GMAB.CO', code: 'CPH', level: 1500, figi: { ticker: 'GMAB', exchCodes: ['DC'] } },
    ],
  },
  {
    isin: 'DK0060636678',
    name: 'Tryg A/S',
    figiName: 'TRYG A/S',
    type: 'EQUITY',
    listings: [
      { symbol: 'TRYG.CO', code: 'CPH', level: 155, figi: { ticker: 'TRYG', exchCodes: ['DC'] } },
    ],
  },
  // A Danish investment fund only OpenFIGI knows; its ticker ends in a letter that is no class.
  {
    isin: 'DK0060005254',
    name: 'Sparindex INDEX Globale Aktier KL',
    figiName: 'SPARINDEX INDEX GLOBALE AKTIER KL',
    type: 'MUTUALFUND',
    listings: [
      {
        symbol: 'SPIGA.CO',
        code: 'CPH',
        level: 180,
        figi: { ticker: 'SPIGA', exchCodes: ['DC'] },
        searchable: false,
      },
    ],
  },
  // Danish funds outside the catalogue, found by name with their ISIN once it has been resolved,
  // and before only by OpenFIGI's search, with no ISIN: one only OpenFIGI knows, one Yahoo knows
  // too, with a Danish letter in its name.
  {
    isin: 'DK0060300762',
    name: 'Sparinvest INDEX Emerging Markets KL',
    figiName: 'SPARINVEST INDEX EMERGING MARKETS KL',
    type: 'MUTUALFUND',
    listings: [
      {
        symbol: 'SPIEM.CO',
        code: 'CPH',
        level: 120,
        figi: { ticker: 'SPIEM', exchCodes: ['DC'] },
        searchable: false,
      },
    ],
  },
  {
    isin: 'DK0060682375',
    name: 'Danske Invest Europa Højt Udbytte KL',
    figiName: 'DANSKE INVEST EUROPA HOJT UDBYTTE KL',
    type: 'MUTUALFUND',
    listings: [
      {
        symbol: 'DKIEHU.CO',
        code: 'CPH',
        level: 150,
        figi: { ticker: 'DKIEHU', exchCodes: ['DC'] },
      },
    ],
  },
  // Stockholm, Oslo.
  {
    isin: 'SE0000108656',
    name: 'Telefonaktiebolaget LM Ericsson (publ)',
    figiName: 'ERICSSON LM-B SHS',
    type: 'EQUITY',
    listings: [
      { symbol: 'ERIC-B.ST', code: 'STO', level: 80, figi: { ticker: 'ERICB', exchCodes: ['SS'] } },
    ],
  },
  {
    isin: 'SE0000115446',
    name: 'AB Volvo (publ)',
    figiName: 'VOLVO AB-B SHS',
    type: 'EQUITY',
    listings: [
      {
        symbol: 'VOLV-B.ST',
        code: 'STO',
        level: 270,
        figi: { ticker: 'VOLVB', exchCodes: ['SS'] },
      },
    ],
  },
  {
    isin: 'NO0010096985',
    name: 'Equinor ASA',
    figiName: 'EQUINOR ASA',
    type: 'EQUITY',
    listings: [
      { symbol: 'EQNR.OL', code: 'OSL', level: 260, figi: { ticker: 'EQNR', exchCodes: ['NO'] } },
    ],
  },
  // United States.
  {
    isin: 'US0378331005',
    name: 'Apple Inc.',
    figiName: 'APPLE INC',
    type: 'EQUITY',
    listings: [
      { symbol: 'AAPL', code: 'NMS', level: 200, figi: { ticker: 'AAPL', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US67066G1040',
    name: 'NVIDIA Corporation',
    figiName: 'NVIDIA CORP',
    type: 'EQUITY',
    listings: [
      { symbol: 'NVDA', code: 'NMS', level: 130, figi: { ticker: 'NVDA', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US5949181045',
    name: 'Microsoft Corporation',
    figiName: 'MICROSOFT CORP',
    type: 'EQUITY',
    listings: [
      { symbol: 'MSFT', code: 'NMS', level: 420, figi: { ticker: 'MSFT', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US02079K3059',
    name: 'Alphabet Inc.',
    figiName: 'ALPHABET INC-CL A',
    type: 'EQUITY',
    listings: [
      { symbol: 'GOOGL', code: 'NMS', level: 170, figi: { ticker: 'GOOGL', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US0231351067',
    name: 'Amazon.com, Inc.',
    figiName: 'AMAZON.COM INC',
    type: 'EQUITY',
    listings: [
      { symbol: 'AMZN', code: 'NMS', level: 190, figi: { ticker: 'AMZN', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US88160R1014',
    name: 'Tesla, Inc.',
    figiName: 'TESLA INC',
    type: 'EQUITY',
    listings: [
      { symbol: 'TSLA', code: 'NMS', level: 250, figi: { ticker: 'TSLA', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US30303M1027',
    name: 'Meta Platforms, Inc.',
    figiName: 'META PLATFORMS INC-CLASS A',
    type: 'EQUITY',
    listings: [
      { symbol: 'META', code: 'NMS', level: 550, figi: { ticker: 'META', exchCodes: us('UW') } },
    ],
  },
  {
    isin: 'US4781601046',
    name: 'Johnson & Johnson',
    figiName: 'JOHNSON & JOHNSON',
    type: 'EQUITY',
    listings: [
      { symbol: 'JNJ', code: 'NYQ', level: 155, figi: { ticker: 'JNJ', exchCodes: us('UN') } },
    ],
  },
  // Europe.
  {
    isin: 'NL0010273215',
    name: 'ASML Holding N.V.',
    figiName: 'ASML HOLDING NV',
    type: 'EQUITY',
    listings: [
      { symbol: 'ASML.AS', code: 'AMS', level: 700, figi: { ticker: 'ASML', exchCodes: ['NA'] } },
      { symbol: 'ASML', code: 'NMS', level: 760 },
    ],
  },
  {
    isin: 'DE0007164600',
    name: 'SAP SE',
    figiName: 'SAP SE',
    type: 'EQUITY',
    listings: [
      { symbol: 'SAP.DE', code: 'GER', level: 220, figi: { ticker: 'SAP', exchCodes: ['GY'] } },
      {
        symbol: 'SAP.F',
        code: 'FRA',
        level: 220,
        figi: { ticker: 'SAP', exchCodes: ['GR', 'GF'] },
        searchable: false,
      },
    ],
  },
  {
    isin: 'FR0000121014',
    name: 'LVMH Moët Hennessy - Louis Vuitton, Société Européenne',
    figiName: 'LVMH MOET HENNESSY LOUIS VUI',
    type: 'EQUITY',
    listings: [
      { symbol: 'MC.PA', code: 'PAR', level: 650, figi: { ticker: 'MC', exchCodes: ['FP'] } },
    ],
  },
  {
    isin: 'DE0007236101',
    name: 'Siemens Aktiengesellschaft',
    figiName: 'SIEMENS AG-REG',
    type: 'EQUITY',
    listings: [
      { symbol: 'SIE.DE', code: 'GER', level: 190, figi: { ticker: 'SIE', exchCodes: ['GY'] } },
    ],
  },
  // Dutch ISIN, home listing in Paris: the ISIN's country is not always the exchange's.
  {
    isin: 'NL0000235190',
    name: 'Airbus SE',
    figiName: 'AIRBUS SE',
    type: 'EQUITY',
    listings: [
      { symbol: 'AIR.PA', code: 'PAR', level: 150, figi: { ticker: 'AIR', exchCodes: ['FP'] } },
      { symbol: 'AIR.DE', code: 'GER', level: 150, figi: { ticker: 'AIR', exchCodes: ['GY'] } },
    ],
  },
  // London quotes in pence (GBp); one ETF line there trades in USD.
  {
    isin: 'GB0009895292',
    name: 'AstraZeneca PLC',
    figiName: 'ASTRAZENECA PLC',
    type: 'EQUITY',
    listings: [
      { symbol: 'AZN.L', code: 'LSE', level: 11000, figi: { ticker: 'AZN', exchCodes: ['LN'] } },
      { symbol: 'AZN', code: 'NMS', level: 70 },
    ],
  },
  {
    isin: 'GB0005405286',
    name: 'HSBC Holdings plc',
    figiName: 'HSBC HOLDINGS PLC',
    type: 'EQUITY',
    listings: [
      { symbol: 'HSBA.L', code: 'LSE', level: 800, figi: { ticker: 'HSBA', exchCodes: ['LN'] } },
    ],
  },
  // Irish UCITS ETFs, listed in Amsterdam, Xetra and London.
  {
    isin: 'IE00B4L5Y983',
    name: 'iShares Core MSCI World UCITS ETF USD (Acc)',
    figiName: 'ISHARES CORE MSCI WORLD',
    type: 'ETF',
    listings: [
      { symbol: 'IWDA.AS', code: 'AMS', level: 95, figi: { ticker: 'IWDA', exchCodes: ['NA'] } },
      { symbol: 'SWDA.L', code: 'LSE', level: 8000, figi: { ticker: 'SWDA', exchCodes: ['LN'] } },
    ],
  },
  {
    isin: 'IE00B5BMR087',
    name: 'iShares Core S&P 500 UCITS ETF USD (Acc)',
    figiName: 'ISHARES CORE S&P 500',
    type: 'ETF',
    listings: [
      { symbol: 'SXR8.DE', code: 'GER', level: 550, figi: { ticker: 'SXR8', exchCodes: ['GY'] } },
      {
        symbol: 'CSPX.L',
        code: 'LSE',
        level: 600,
        currency: 'USD',
        figi: { ticker: 'CSPX', exchCodes: ['LN'] },
      },
    ],
  },
  {
    isin: 'IE00BK5BQT80',
    name: 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
    figiName: 'VANGUARD FTSE ALL-WORLD',
    type: 'ETF',
    listings: [
      { symbol: 'VWCE.DE', code: 'GER', level: 125, figi: { ticker: 'VWCE', exchCodes: ['GY'] } },
    ],
  },
  {
    isin: 'IE00BKM4GZ66',
    name: 'iShares Core MSCI EM IMI UCITS ETF USD (Acc)',
    figiName: 'ISHARES CORE EM IMI ACC',
    type: 'ETF',
    listings: [
      { symbol: 'IS3N.DE', code: 'GER', level: 32, figi: { ticker: 'IS3N', exchCodes: ['GY'] } },
      { symbol: 'EMIM.AS', code: 'AMS', level: 32, figi: { ticker: 'EMIM', exchCodes: ['NA'] } },
    ],
  },
];

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
