// The exchange table and its translations: MICs, Yahoo suffixes and codes, Bloomberg codes, and
// OpenFIGI tickers to Yahoo symbols.
import { describe, expect, it } from 'vitest';
import {
  exchangeByBloombergCode,
  exchangeByMic,
  exchangeByYahooCode,
  exchangeByYahooSymbol,
  homeExchanges,
  yahooSymbolFor,
  type Exchange,
} from '../../src/market/exchanges';
import { EXCHANGES } from '../../src/market/exchange-table';

function exchange(mic: string): Exchange {
  const found = exchangeByMic(mic);
  if (!found) throw new Error(`no exchange ${mic}`);
  return found;
}

describe('yahooSymbolFor', () => {
  it.each([
    ['NOVOB', 'XCSE', undefined, 'NOVO-B.CO'],
    ['NOVO B', 'XCSE', undefined, 'NOVO-B.CO'],
    ['novo b', 'XCSE', undefined, 'NOVO-B.CO'],
    ['MAERSKB', 'XCSE', 'AP MOLLER-MAERSK A/S-B', 'MAERSK-B.CO'],
    ['MAERSK A', 'XCSE', undefined, 'MAERSK-A.CO'],
    ['DANSKE', 'XCSE', 'DANSKE BANK A/S', 'DANSKE.CO'],
    ['GMAB', 'XCSE', 'GENMAB A/S', 'GMAB.CO'],
    ['SPIGA', 'XCSE', 'SPARINDEX INDEX GLOBALE AKTIER KL', 'SPIGA.CO'],
    // A class ticker the built-in list lacks: the name gives the class away.
    ['ZEALB', 'XCSE', 'ZEAL SOMETHING A/S-B', 'ZEAL-B.CO'],
    ['ZEALB', 'XCSE', undefined, 'ZEALB.CO'],
    ['ERICB', 'XSTO', 'ERICSSON LM-B SHS', 'ERIC-B.ST'],
    ['ERIC B', 'XSTO', undefined, 'ERIC-B.ST'],
    ['VOLVB', 'XSTO', undefined, 'VOLV-B.ST'],
    ['EQNR', 'XOSL', 'EQUINOR ASA', 'EQNR.OL'],
    // Helsinki writes classes without a hyphen.
    ['KNEBV', 'XHEL', 'KONE OYJ-B', 'KNEBV.HE'],
    ['ABCB', 'XHEL', 'ABC OYJ-B', 'ABCB.HE'],
    ['SAP', 'XETR', 'SAP SE', 'SAP.DE'],
    ['SAP', 'XFRA', 'SAP SE', 'SAP.F'],
    ['AZN', 'XLON', undefined, 'AZN.L'],
    ['BP/', 'XLON', undefined, 'BP.L'],
    ['BT/A', 'XLON', undefined, 'BT-A.L'],
    ['MC', 'XPAR', undefined, 'MC.PA'],
    ['IWDA', 'XAMS', undefined, 'IWDA.AS'],
    ['AAPL', 'XNAS', 'APPLE INC', 'AAPL'],
    ['BRK/B', 'XNYS', undefined, 'BRK-B'],
    ['7203', 'XTKS', undefined, '7203.T'],
  ])('%s on %s (%s) is %s', (ticker, mic, name, symbol) => {
    expect(yahooSymbolFor(ticker, exchange(mic), name)).toBe(symbol);
  });
});

describe('exchange lookups', () => {
  it.each([
    ['NOVO-B.CO', 'XCSE'],
    ['AZN.L', 'XLON'],
    ['SAP.DE', 'XETR'],
    ['sap.de', 'XETR'],
    ['EQNR.OL', 'XOSL'],
    ['AAPL', 'XNAS'],
    ['BRK-B', 'XNAS'],
    ['BHP.AX', 'XASX'],
  ])('Yahoo symbol %s is on %s', (symbol, mic) => {
    expect(exchangeByYahooSymbol(symbol)?.mic).toBe(mic);
  });

  it('a suffix outside the table is no exchange', () => {
    expect(exchangeByYahooSymbol('NOVOBC.XC')).toBeUndefined();
  });

  it.each([
    ['CPH', 'Copenhagen'],
    ['STO', 'Stockholm'],
    ['OSL', 'Oslo'],
    ['HEL', 'Helsinki'],
    ['GER', 'Xetra'],
    ['FRA', 'Frankfurt'],
    ['LSE', 'London'],
    ['PAR', 'Paris'],
    ['AMS', 'Amsterdam'],
    ['MIL', 'Milan'],
    ['MCE', 'Madrid'],
    ['EBS', 'Swiss'],
    ['NMS', 'NASDAQ'],
    ['NGM', 'NASDAQ'],
    ['NCM', 'NASDAQ'],
    ['NYQ', 'NYSE'],
    ['PCX', 'NYSE Arca'],
    ['ASE', 'NYSE American'],
    ['BTS', 'Cboe BZX'],
    ['TOR', 'Toronto'],
    ['VIE', 'Vienna'],
    ['BRU', 'Brussels'],
    ['ISE', 'Irish'],
  ])('Yahoo code %s is %s', (code, name) => {
    expect(exchangeByYahooCode(code)?.name).toBe(name);
  });

  it.each([
    ['DC', 'XCSE'],
    ['SS', 'XSTO'],
    ['NO', 'XOSL'],
    ['FH', 'XHEL'],
    ['GY', 'XETR'],
    ['GR', 'XFRA'],
    ['GF', 'XFRA'],
    ['LN', 'XLON'],
    ['FP', 'XPAR'],
    ['NA', 'XAMS'],
    ['IM', 'XMIL'],
    ['SM', 'XMAD'],
    ['SW', 'XSWX'],
    ['SE', 'XSWX'],
    ['US', 'XNAS'],
    ['UW', 'XNAS'],
    ['UQ', 'XNAS'],
    ['UR', 'XNAS'],
    ['UN', 'XNYS'],
    ['UA', 'XASE'],
    ['UP', 'ARCX'],
    ['CT', 'XTSE'],
    ['AV', 'XWBO'],
    ['BB', 'XBRU'],
    ['ID', 'XDUB'],
  ])('Bloomberg code %s is %s', (code, mic) => {
    expect(exchangeByBloombergCode(code)?.mic).toBe(mic);
  });

  it('the home exchanges of an ISIN country', () => {
    expect(homeExchanges('DK').map((e) => e.mic)).toEqual(['XCSE']);
    expect(homeExchanges('de').map((e) => e.mic)).toEqual(['XETR', 'XFRA']);
    expect(homeExchanges('US')[0].mic).toBe('XNAS');
    expect(homeExchanges('XS')).toEqual([]);
  });

  it('London quotes in pence; every row has a zone Intl knows and HH:MM hours', () => {
    expect(exchange('XLON').currency).toBe('GBp');
    for (const e of EXCHANGES) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: e.timezone })).not.toThrow();
      expect(e.open).toMatch(/^\d\d:\d\d$/);
      expect(e.close > e.open).toBe(true);
      expect(e.country).toMatch(/^[A-Z]{2}$/);
    }
    expect(new Set(EXCHANGES.map((e) => e.mic)).size).toBe(EXCHANGES.length);
  });
});
