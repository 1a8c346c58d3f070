// The exchanges that matter to Danish investors, plus the big ones, and the translations between
// the names each source gives them: ISO 10383 MICs, Yahoo's symbol suffixes and search codes, and
// Bloomberg's exchange codes (OpenFIGI's `exchCode`). Seeded like wealthfolio's exchanges.json.

export interface Exchange {
  /** ISO 10383 market identifier. */
  mic: string;
  /** As people know it ("Copenhagen", "NASDAQ"). */
  name: string;
  /** ISO 3166 alpha-2: the home exchanges of an ISIN's country prefix. */
  country: string;
  /** IANA zone: turns instants into trading days. */
  timezone: string;
  /** Local `HH:MM` of the regular session. */
  open: string;
  close: string;
  /** Currency as quoted there, minor units included (`GBp` in London). */
  currency: string;
  /** Appended to a ticker on Yahoo (`.CO`); empty for the US. */
  yahooSuffix: string;
  /** Yahoo search's `exchange` codes; the first is the one its chart calls `exchangeName`. */
  yahooCodes: readonly string[];
  /** Bloomberg codes (OpenFIGI `exchCode`). */
  bloombergCodes: readonly string[];
}

/** What the US venues share: one session, one currency, one Yahoo form (no suffix). */
const US_VENUE = {
  country: 'US',
  timezone: 'America/New_York',
  open: '09:30',
  close: '16:00',
  currency: 'USD',
  yahooSuffix: '',
} as const;

export const EXCHANGES: readonly Exchange[] = [
  {
    mic: 'XCSE',
    name: 'Copenhagen',
    country: 'DK',
    timezone: 'Europe/Copenhagen',
    open: '09:00',
    close: '17:00',
    currency: 'DKK',
    yahooSuffix: '.CO',
    yahooCodes: ['CPH'],
    bloombergCodes: ['DC'],
  },
  {
    mic: 'XSTO',
    name: 'Stockholm',
    country: 'SE',
    timezone: 'Europe/Stockholm',
    open: '09:00',
    close: '17:30',
    currency: 'SEK',
    yahooSuffix: '.ST',
    yahooCodes: ['STO'],
    bloombergCodes: ['SS'],
  },
  {
    mic: 'XOSL',
    name: 'Oslo',
    country: 'NO',
    timezone: 'Europe/Oslo',
    open: '09:00',
    close: '16:20',
    currency: 'NOK',
    yahooSuffix: '.OL',
    yahooCodes: ['OSL'],
    bloombergCodes: ['NO'],
  },
  {
    mic: 'XHEL',
    name: 'Helsinki',
    country: 'FI',
    timezone: 'Europe/Helsinki',
    open: '10:00',
    close: '18:30',
    currency: 'EUR',
    yahooSuffix: '.HE',
    yahooCodes: ['HEL'],
    bloombergCodes: ['FH'],
  },
  {
    mic: 'XETR',
    name: 'Xetra',
    country: 'DE',
    timezone: 'Europe/Berlin',
    open: '09:00',
    close: '17:30',
    currency: 'EUR',
    yahooSuffix: '.DE',
    yahooCodes: ['GER'],
    bloombergCodes: ['GY'],
  },
  {
    mic: 'XFRA',
    name: 'Frankfurt',
    country: 'DE',
    timezone: 'Europe/Berlin',
    open: '08:00',
    close: '22:00',
    currency: 'EUR',
    yahooSuffix: '.F',
    yahooCodes: ['FRA'],
    bloombergCodes: ['GF', 'GR'],
  },
  {
    mic: 'XLON',
    name: 'London',
    country: 'GB',
    timezone: 'Europe/London',
    open: '08:00',
    close: '16:30',
    currency: 'GBp',
    yahooSuffix: '.L',
    yahooCodes: ['LSE', 'IOB'],
    bloombergCodes: ['LN'],
  },
  {
    mic: 'XPAR',
    name: 'Paris',
    country: 'FR',
    timezone: 'Europe/Paris',
    open: '09:00',
    close: '17:30',
    currency: 'EUR',
    yahooSuffix: '.PA',
    yahooCodes: ['PAR', 'ENX'],
    bloombergCodes: ['FP'],
  },
  {
    mic: 'XAMS',
    name: 'Amsterdam',
    country: 'NL',
    timezone: 'Europe/Amsterdam',
    open: '09:00',
    close: '17:30',
    currency: 'EUR',
    yahooSuffix: '.AS',
    yahooCodes: ['AMS'],
    bloombergCodes: ['NA'],
  },
  {
    mic: 'XBRU',
    name: 'Brussels',
    country: 'BE',
    timezone: 'Europe/Brussels',
    open: '09:00',
    close: '17:30',
    currency: 'EUR',
    yahooSuffix: '.BR',
    yahooCodes: ['BRU'],
    bloombergCodes: ['BB'],
  },
  {
    mic: 'XDUB',
    name: 'Irish',
    country: 'IE',
    timezone: 'Europe/Dublin',
    open: '08:00',
    close: '16:30',
    currency: 'EUR',
    yahooSuffix: '.IR',
    yahooCodes: ['ISE'],
    bloombergCodes: ['ID'],
  },
  {
    mic: 'XLIS',
    name: 'Lisbon',
    country: 'PT',
    timezone: 'Europe/Lisbon',
    open: '08:00',
    close: '16:30',
    currency: 'EUR',
    yahooSuffix: '.LS',
    yahooCodes: ['LIS'],
    bloombergCodes: ['PL'],
  },
  {
    mic: 'XMIL',
    name: 'Milan',
    country: 'IT',
    timezone: 'Europe/Rome',
    open: '09:00',
    close: '17:30',
    currency: 'EUR',
    yahooSuffix: '.MI',
    yahooCodes: ['MIL'],
    bloombergCodes: ['IM'],
  },
  {
    mic: 'XMAD',
    name: 'Madrid',
    country: 'ES',
    timezone: 'Europe/Madrid',
    open: '09:00',
    close: '17:30',
    currency: 'EUR',
    yahooSuffix: '.MC',
    yahooCodes: ['MCE'],
    bloombergCodes: ['SM', 'SQ'],
  },
  {
    mic: 'XSWX',
    name: 'Swiss',
    country: 'CH',
    timezone: 'Europe/Zurich',
    open: '09:00',
    close: '17:30',
    currency: 'CHF',
    yahooSuffix: '.SW',
    yahooCodes: ['EBS'],
    bloombergCodes: ['SW', 'SE'],
  },
  {
    mic: 'XWBO',
    name: 'Vienna',
    country: 'AT',
    timezone: 'Europe/Vienna',
    open: '09:00',
    close: '17:30',
    currency: 'EUR',
    yahooSuffix: '.VI',
    yahooCodes: ['VIE'],
    bloombergCodes: ['AV'],
  },
  // NASDAQ comes first of the US venues, so a bare symbol and the composite `US` code land there.
  {
    mic: 'XNAS',
    name: 'NASDAQ',
    ...US_VENUE,
    yahooCodes: ['NMS', 'NGM', 'NCM', 'NAS'],
    bloombergCodes: ['UW', 'UQ', 'UR', 'US'],
  },
  {
    mic: 'XNYS',
    name: 'NYSE',
    ...US_VENUE,
    yahooCodes: ['NYQ', 'NYS'],
    bloombergCodes: ['UN'],
  },
  {
    mic: 'XASE',
    name: 'NYSE American',
    ...US_VENUE,
    yahooCodes: ['ASE'],
    bloombergCodes: ['UA'],
  },
  {
    mic: 'ARCX',
    name: 'NYSE Arca',
    ...US_VENUE,
    yahooCodes: ['PCX'],
    bloombergCodes: ['UP'],
  },
  {
    mic: 'BATS',
    name: 'Cboe BZX',
    ...US_VENUE,
    yahooCodes: ['BTS'],
    bloombergCodes: ['UF'],
  },
  {
    mic: 'XTSE',
    name: 'Toronto',
    country: 'CA',
    timezone: 'America/Toronto',
    open: '09:30',
    close: '16:00',
    currency: 'CAD',
    yahooSuffix: '.TO',
    yahooCodes: ['TOR'],
    bloombergCodes: ['CT', 'CN'],
  },
  {
    mic: 'XTKS',
    name: 'Tokyo',
    country: 'JP',
    timezone: 'Asia/Tokyo',
    open: '09:00',
    close: '15:30',
    currency: 'JPY',
    yahooSuffix: '.T',
    yahooCodes: ['JPX', 'TYO'],
    bloombergCodes: ['JT', 'JP'],
  },
  {
    mic: 'XHKG',
    name: 'Hong Kong',
    country: 'HK',
    timezone: 'Asia/Hong_Kong',
    open: '09:30',
    close: '16:00',
    currency: 'HKD',
    yahooSuffix: '.HK',
    yahooCodes: ['HKG'],
    bloombergCodes: ['HK'],
  },
  {
    mic: 'XASX',
    name: 'Sydney',
    country: 'AU',
    timezone: 'Australia/Sydney',
    open: '10:00',
    close: '16:00',
    currency: 'AUD',
    yahooSuffix: '.AX',
    yahooCodes: ['ASX'],
    bloombergCodes: ['AT', 'AU'],
  },
];

function index(keys: (exchange: Exchange) => readonly string[]): Map<string, Exchange> {
  const map = new Map<string, Exchange>();
  for (const exchange of EXCHANGES) {
    // The first exchange claiming a key keeps it (a bare US symbol is NASDAQ's).
    for (const key of keys(exchange)) if (!map.has(key)) map.set(key, exchange);
  }
  return map;
}

const BY_MIC = index((e) => [e.mic]);
const BY_SUFFIX = index((e) => [e.yahooSuffix]);
const BY_YAHOO_CODE = index((e) => e.yahooCodes);
const BY_BLOOMBERG_CODE = index((e) => e.bloombergCodes);

export function exchangeByMic(mic: string): Exchange | undefined {
  return BY_MIC.get(mic.toUpperCase());
}

/** The exchange of a Yahoo symbol, by its suffix (`NOVO-B.CO`); no suffix is the US. */
export function exchangeByYahooSymbol(symbol: string): Exchange | undefined {
  const dot = symbol.lastIndexOf('.');
  return BY_SUFFIX.get(dot < 0 ? '' : symbol.slice(dot).toUpperCase());
}

/** The exchange of a Yahoo search `exchange` code (`CPH`, `NMS`). */
export function exchangeByYahooCode(code: string): Exchange | undefined {
  return BY_YAHOO_CODE.get(code.toUpperCase());
}

/** The exchange of an OpenFIGI `exchCode` (`DC`, `GY`). */
export function exchangeByBloombergCode(code: string): Exchange | undefined {
  return BY_BLOOMBERG_CODE.get(code.toUpperCase());
}

/** The exchanges of a country (an ISIN's first two letters), in table order. */
export function homeExchanges(isinCountry: string): Exchange[] {
  const country = isinCountry.toUpperCase();
  return EXCHANGES.filter((e) => e.country === country);
}

// Yahoo hyphenates share classes in Copenhagen and Stockholm only (Helsinki writes `KNEBV.HE`).
const HYPHENATED_CLASSES = new Set(['XCSE', 'XSTO']);

/**
 * Bloomberg writes Nordic share classes without a separator (`NOVOB`), which no rule can tell
 * from a plain ticker ending in that letter (`GMAB`, `SPIGA`). These are the well-known ones;
 * for others the instrument's name gives the class away (see `yahooSymbolFor`).
 */
const NORDIC_CLASS_TICKERS = new Set([
  'NOVOB',
  'MAERSKA',
  'MAERSKB',
  'CARLA',
  'CARLB',
  'COLOB',
  'NSISB',
  'AMBUB',
  'HLUNA',
  'HLUNB',
  'NZYMB',
  'CHRB',
  'ROCKA',
  'ROCKB',
  'ERICA',
  'ERICB',
  'VOLVA',
  'VOLVB',
  'HMB',
  'INVEA',
  'INVEB',
  'ATCOA',
  'ATCOB',
  'SEBA',
  'SEBC',
  'SHBA',
  'SHBB',
  'SCAB',
  'ESSITYB',
  'SKFB',
  'KINVB',
  'TEL2B',
]);

/** "NOVO NORDISK A/S-B", "ERICSSON LM-B SHS": Bloomberg's names end in the class letter. */
const CLASS_IN_NAME = /-([A-Z])(?: SHS)?$/;

/**
 * An OpenFIGI ticker on an exchange as a Yahoo symbol: `NOVOB` or `NOVO B` on Copenhagen is
 * `NOVO-B.CO`, `BRK/B` in New York is `BRK-B`, `BP/` in London is `BP.L`, `SAP` on Xetra is
 * `SAP.DE`. `name` (OpenFIGI's) marks Nordic share classes the built-in list does not know.
 */
export function yahooSymbolFor(ticker: string, exchange: Exchange, name?: string): string {
  let symbol = ticker
    .trim()
    .toUpperCase()
    .replace(/\/+$/, '')
    .replace(/[\s/]+/g, '-');
  if (HYPHENATED_CLASSES.has(exchange.mic) && !symbol.includes('-') && /[A-Z]$/.test(symbol)) {
    const classInName = name ? CLASS_IN_NAME.exec(name.trim().toUpperCase()) : null;
    const letter = symbol.slice(-1);
    if (
      symbol.length > 1 &&
      (NORDIC_CLASS_TICKERS.has(symbol) || (classInName !== null && classInName[1] === letter))
    ) {
      symbol = `${symbol.slice(0, -1)}-${letter}`;
    }
  }
  return `${symbol}${exchange.yahooSuffix}`;
}
