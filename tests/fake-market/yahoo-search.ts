// Fake Yahoo Finance's search v1 over the instrument table, its quotes named as Yahoo names
// exchanges and types.
import { exchangeByYahooCode } from '../../src/market/exchanges';
import { json, type FakeAnswer, type FakeRequest } from './http';
import {
  INSTRUMENTS,
  NAME_ONLY,
  NOT_HOLDINGS,
  type FakeInstrument,
  type QuoteType,
} from './instruments';

export const EXCHANGE_DISPLAY: Readonly<Record<string, string>> = {
  CPH: 'Copenhagen',
  STO: 'Stockholm',
  OSL: 'Oslo',
  HEL: 'Helsinki',
  GER: 'XETRA',
  FRA: 'Frankfurt',
  LSE: 'LSE',
  PAR: 'Paris',
  AMS: 'Amsterdam',
  BRU: 'Brussels',
  MIL: 'Milan',
  MCE: 'MCE',
  EBS: 'Swiss',
  VIE: 'Vienna',
  ISE: 'Irish',
  NMS: 'NASDAQ',
  NYQ: 'NYSE',
  TOR: 'Toronto',
  JPX: 'Tokyo',
  ASX: 'ASX',
};

const TYPE_DISPLAY: Readonly<Record<QuoteType, string>> = {
  EQUITY: 'Equity',
  ETF: 'ETF',
  MUTUALFUND: 'Fund',
};

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

function quoteOf(instrument: FakeInstrument, symbol: string, code: string, score: number) {
  const exchange = exchangeByYahooCode(code);
  return {
    exchange: code,
    shortname: instrument.name.slice(0, 32),
    quoteType: instrument.type,
    symbol,
    index: 'quotes',
    score,
    typeDisp: TYPE_DISPLAY[instrument.type],
    longname: instrument.name,
    exchDisp: EXCHANGE_DISPLAY[code] ?? exchange?.name ?? code,
    isYahooFinance: true,
  };
}

export function search(request: FakeRequest): FakeAnswer {
  const q = (request.query.q ?? '').trim();
  const limit = Number(request.query.quotesCount ?? 7);
  const quotes: Record<string, unknown>[] = [];
  if (ISIN.test(q.toUpperCase())) {
    const instrument = INSTRUMENTS.find((i) => i.isin === q.toUpperCase());
    for (const listing of instrument?.listings ?? []) {
      if (instrument && listing.searchable !== false) {
        quotes.push(quoteOf(instrument, listing.symbol, listing.code, 20_000 - quotes.length));
      }
    }
  } else if (q !== '') {
    const needle = q.toLowerCase();
    for (const instrument of [...INSTRUMENTS, ...NAME_ONLY]) {
      for (const listing of instrument.listings) {
        const matches =
          instrument.name.toLowerCase().includes(needle) ||
          listing.symbol.toLowerCase().includes(needle);
        if (matches && listing.searchable !== false) {
          quotes.push(quoteOf(instrument, listing.symbol, listing.code, 20_000 - quotes.length));
        }
      }
    }
    for (const other of NOT_HOLDINGS) {
      if (
        other.name.toLowerCase().includes(needle) ||
        other.symbol.toLowerCase().includes(needle)
      ) {
        quotes.push({
          exchange: other.code,
          shortname: other.name,
          quoteType: other.quoteType,
          symbol: other.symbol,
          index: 'quotes',
          score: 10_000,
          typeDisp: other.quoteType.charAt(0) + other.quoteType.slice(1).toLowerCase(),
          exchDisp: other.exchDisp,
          isYahooFinance: true,
        });
      }
    }
  }
  const shown = quotes.slice(0, Number.isFinite(limit) ? limit : 7);
  return json(200, {
    explains: [],
    count: shown.length,
    quotes: shown,
    news: [],
    nav: [],
    lists: [],
    researchReports: [],
    screenerFieldResults: [],
    totalTime: 31,
    timeTakenForQuotes: 410,
    timeTakenForNews: 0,
    timeTakenForAlgowatchlist: 400,
    timeTakenForPredefinedScreener: 400,
    timeTakenForCrunchbase: 0,
    timeTakenForNav: 400,
    timeTakenForResearchReports: 0,
    timeTakenForScreenerField: 0,
    timeTakenForCulturalAssets: 0,
  });
}
