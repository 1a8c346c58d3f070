// The translations between the names each source gives an exchange of the table
// (exchange-table.ts): ISO 10383 MICs, Yahoo's symbol suffixes and search codes, Bloomberg's
// exchange codes (OpenFIGI's `exchCode`), and an OpenFIGI ticker as a Yahoo symbol.
import { EXCHANGES, type Exchange } from './exchange-table';

export type { Exchange } from './exchange-table';

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
