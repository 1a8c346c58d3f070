// Fake Yahoo Finance: chart v8 (daily bars with events, or one day of 5-minute bars) for any
// symbol on an exchange of the table, and search v1 over the instrument table. Field names,
// envelopes and error bodies follow the real answers (see the report in tests/market).
import {
  exchangeByYahooCode,
  exchangeByYahooSymbol,
  type Exchange,
} from '../../src/market/exchanges';
import type { Day } from '../../src/market/port';
import {
  addDays,
  dayInZone,
  offsetSeconds,
  utcDay,
  utcMidnight,
  zonedTimeToEpoch,
} from '../../src/market/zoned-time';
import { json, type Clock, type FakeAnswer, type FakeRequest } from './http';
import {
  INSTRUMENTS,
  NAME_ONLY,
  NOT_HOLDINGS,
  listingOf,
  type FakeInstrument,
  type QuoteType,
} from './instruments';
import { hash, pathPrice, volumeAt, yahooNumber } from './prices';

/** A symbol whose listing is gone: Yahoo answers 404 with its "delisted" envelope. */
export const DELISTED = 'DELISTED.CO';

const FIRST_DAY: Day = '2000-01-03';
const FIVE_MINUTES = 300;

const EXCHANGE_DISPLAY: Readonly<Record<string, string>> = {
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

/** One symbol as the fake quotes it. */
interface Line {
  symbol: string;
  exchange: Exchange;
  code: string;
  currency: string;
  level: number;
  name: string;
  type: QuoteType;
}

function lineOf(symbol: string): Line | undefined {
  const exchange = exchangeByYahooSymbol(symbol);
  if (!exchange) return undefined;
  const known = listingOf(symbol);
  return {
    symbol,
    exchange,
    code: known?.listing.code ?? exchange.yahooCodes[0],
    currency: known?.listing.currency ?? exchange.currency,
    // Outside the table: a level from the symbol, so any symbol has a stable price.
    level: known?.listing.level ?? 20 + (hash(symbol) % 480),
    name: known?.instrument.name ?? `${symbol} (fake)`,
    type: known?.instrument.type ?? 'EQUITY',
  };
}

/**
 * NVDA's 10-for-1 split. The price path is the split-adjusted series Yahoo shows: NVDA traded at
 * ten times these closes before 2024-06-10, and Yahoo divides them by 10.
 */
const SPLITS: Readonly<
  Record<string, readonly { day: Day; numerator: number; denominator: number }[]>
> = {
  NVDA: [{ day: '2024-06-10', numerator: 10, denominator: 1 }],
};

function isWeekday(day: Day): boolean {
  const weekday = new Date(utcMidnight(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

function nextWeekday(day: Day): Day {
  let d = day;
  while (!isWeekday(d)) d = addDays(d, 1);
  return d;
}

const DIVIDEND_CACHE = new Map<string, { day: Day; amount: number }[]>();

/** NVDA pays quarterly: $0.04 before the split (0.004 as Yahoo adjusts it), $0.01 after. */
function dividendsOf(symbol: string): { day: Day; amount: number }[] {
  if (symbol !== 'NVDA') return [];
  const cached = DIVIDEND_CACHE.get(symbol);
  if (cached) return cached;
  const dividends: { day: Day; amount: number }[] = [];
  for (let year = 2013; year <= 2035; year++) {
    for (const month of ['03', '06', '09', '12']) {
      const day = nextWeekday(`${year}-${month}-11`);
      dividends.push({ day, amount: day < '2024-06-10' ? 0.004 : 0.01 });
    }
  }
  DIVIDEND_CACHE.set(symbol, dividends);
  return dividends;
}

interface Session {
  day: Day;
  /** Epoch ms of the open and close. */
  open: number;
  close: number;
}

const SESSIONS = new Map<string, Session>();

function sessionOf(exchange: Exchange, day: Day): Session {
  const key = `${exchange.mic}:${day}`;
  let session = SESSIONS.get(key);
  if (!session) {
    session = {
      day,
      open: zonedTimeToEpoch(day, exchange.open, exchange.timezone),
      close: zonedTimeToEpoch(day, exchange.close, exchange.timezone),
    };
    SESSIONS.set(key, session);
  }
  return session;
}

/** The price Yahoo shows for an instant, on the exchange's tick, as float32. */
function priceAt(line: Line, epochMs: number): number {
  return yahooNumber(pathPrice(line.symbol, line.level, epochMs));
}

/** One in 37 days has no bar data (all nulls), as real series sometimes do. */
function isGap(line: Line, day: Day): boolean {
  return (Math.round(utcMidnight(day) / 86_400_000) + hash(line.symbol)) % 37 === 0;
}

/** The latest session that has opened by `now`. */
function latestSession(line: Line, now: number): Session {
  let day = dayInZone(now, line.exchange.timezone);
  for (;;) {
    if (isWeekday(day)) {
      const session = sessionOf(line.exchange, day);
      if (session.open <= now) return session;
    }
    day = addDays(day, -1);
  }
}

function previousSession(line: Line, session: Session): Session {
  let day = addDays(session.day, -1);
  while (!isWeekday(day)) day = addDays(day, -1);
  return sessionOf(line.exchange, day);
}

interface Bar {
  time: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volume: number | null;
  adjclose: number | null;
}

/** Closed sessions' bars, per symbol: long histories are asked for again and again. */
const DAILY_BARS = new Map<string, Map<Day, Bar>>();

/** A session's daily bar; today's, still open, is computed afresh. */
function dailyBar(line: Line, session: Session, now: number): Bar {
  if (session.close > now) return bar(line, session.open, now, isGap(line, session.day));
  let bars = DAILY_BARS.get(line.symbol);
  if (!bars) {
    bars = new Map();
    DAILY_BARS.set(line.symbol, bars);
  }
  let daily = bars.get(session.day);
  if (!daily) {
    daily = bar(line, session.open, session.close, isGap(line, session.day));
    bars.set(session.day, daily);
  }
  return daily;
}

function bar(line: Line, from: number, to: number, gap: boolean): Bar {
  if (gap) {
    return {
      time: Math.floor(from / 1000),
      open: null,
      high: null,
      low: null,
      close: null,
      volume: null,
      adjclose: null,
    };
  }
  const open = priceAt(line, from);
  const close = priceAt(line, to);
  return {
    time: Math.floor(from / 1000),
    open,
    high: yahooNumber(Math.max(open, close) * 1.004),
    low: yahooNumber(Math.min(open, close) * 0.996),
    close,
    volume: volumeAt(line.symbol, from),
    adjclose: close,
  };
}

/**
 * Yahoo's `adjclose` takes later dividends out of each close: the factor per session, walking
 * back from the last one and multiplying in each dividend passed.
 */
function dividendFactors(line: Line, sessions: Session[], today: Day): number[] {
  const dividends = dividendsOf(line.symbol).filter((d) => d.day <= today);
  const factors: number[] = new Array<number>(sessions.length);
  let factor = 1;
  let next = dividends.length - 1;
  for (let i = sessions.length - 1; i >= 0; i--) {
    while (next >= 0 && dividends[next].day > sessions[i].day) {
      const exDay = sessionOf(line.exchange, dividends[next].day);
      factor *= 1 - dividends[next].amount / priceAt(line, exDay.open);
      next--;
    }
    factors[i] = factor;
  }
  return factors;
}

function timezoneName(exchange: Exchange, offset: number): string {
  const hours = offset / 3600;
  switch (exchange.timezone) {
    case 'Europe/London':
      return hours === 0 ? 'GMT' : 'BST';
    case 'Europe/Dublin':
      return hours === 0 ? 'GMT' : 'IST';
    case 'Europe/Lisbon':
      return hours === 0 ? 'WET' : 'WEST';
    case 'Europe/Helsinki':
      return hours === 2 ? 'EET' : 'EEST';
    case 'America/New_York':
    case 'America/Toronto':
      return hours === -5 ? 'EST' : 'EDT';
    case 'Asia/Tokyo':
      return 'JST';
    case 'Asia/Hong_Kong':
      return 'HKT';
    case 'Australia/Sydney':
      return hours === 10 ? 'AEST' : 'AEDT';
    default:
      return hours === 1 ? 'CET' : 'CEST';
  }
}

function tradingPeriod(line: Line, session: Session) {
  const gmtoffset = offsetSeconds(session.open, line.exchange.timezone);
  const timezone = timezoneName(line.exchange, gmtoffset);
  const s = (ms: number) => Math.floor(ms / 1000);
  return {
    pre: { timezone, start: s(session.open) - 3600, end: s(session.open), gmtoffset },
    regular: { timezone, start: s(session.open), end: s(session.close), gmtoffset },
    post: { timezone, start: s(session.close), end: s(session.close) + 3600, gmtoffset },
  };
}

const VALID_RANGES = ['1d', '5d', '1mo', '3mo', '6mo', '1y', '2y', '5y', '10y', 'ytd', 'max'];

function meta(line: Line, now: number, granularity: string, range: string, previousClose: number) {
  const session = latestSession(line, now);
  const marketTime = Math.min(session.close, now);
  const gmtoffset = offsetSeconds(marketTime, line.exchange.timezone);
  const price = priceAt(line, marketTime);
  const first = sessionOf(line.exchange, FIRST_DAY);
  return {
    currency: line.currency,
    symbol: line.symbol,
    exchangeName: line.code,
    fullExchangeName: line.code === 'NMS' ? 'NasdaqGS' : (EXCHANGE_DISPLAY[line.code] ?? line.code),
    instrumentType: line.type,
    firstTradeDate: Math.floor(first.open / 1000),
    regularMarketTime: Math.floor(marketTime / 1000),
    hasPrePostMarketData: line.exchange.yahooSuffix === '',
    gmtoffset,
    timezone: timezoneName(line.exchange, gmtoffset),
    exchangeTimezoneName: line.exchange.timezone,
    regularMarketPrice: price,
    fiftyTwoWeekHigh: yahooNumber(price * 1.18),
    fiftyTwoWeekLow: yahooNumber(price * 0.82),
    regularMarketDayHigh: yahooNumber(price * 1.01),
    regularMarketDayLow: yahooNumber(price * 0.99),
    regularMarketVolume: volumeAt(line.symbol, session.open),
    longName: line.name,
    shortName: line.name.slice(0, 32),
    chartPreviousClose: previousClose,
    priceHint: price < 1 ? 4 : 2,
    currentTradingPeriod: tradingPeriod(line, session),
    dataGranularity: granularity,
    range,
    validRanges: VALID_RANGES,
  };
}

function chartError(status: number, code: string, description: string): FakeAnswer {
  return json(status, { chart: { result: null, error: { code, description } } });
}

/** `range` as a start instant before `now`. */
function rangeStart(range: string, now: number): number | undefined {
  const days: Record<string, number> = {
    '1d': 1,
    '5d': 7,
    '1mo': 31,
    '3mo': 92,
    '6mo': 183,
    '1y': 366,
    '2y': 731,
    '5y': 1827,
    '10y': 3653,
  };
  if (range === 'ytd') return Date.parse(`${utcDay(now).slice(0, 4)}-01-01T00:00:00Z`);
  if (range === 'max') return utcMidnight(FIRST_DAY);
  const span = days[range];
  return span === undefined ? undefined : now - span * 86_400_000;
}

function dailyChart(
  line: Line,
  start: number,
  end: number,
  events: string,
  range: string,
  now: number,
): FakeAnswer {
  const { timezone } = line.exchange;
  const today = dayInZone(now, timezone);
  const sessions: Session[] = [];
  const first = addDays(dayInZone(Math.max(start, utcMidnight(FIRST_DAY)), timezone), -1);
  const last = addDays(dayInZone(Math.min(end, now), timezone), 1);
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (!isWeekday(day) || day < FIRST_DAY) continue;
    const session = sessionOf(line.exchange, day);
    if (session.open >= start && session.open < end && session.open <= now) sessions.push(session);
  }
  const firstSession = sessions[0] ?? latestSession(line, Math.min(start, now));
  const before = previousSession(line, firstSession);
  const previousClose = priceAt(line, before.close);
  if (sessions.length === 0) {
    if (end <= sessionOf(line.exchange, FIRST_DAY).open || start > now) {
      return chartError(
        400,
        'Bad Request',
        `Data doesn't exist for startDate = ${Math.floor(start / 1000)}, endDate = ${Math.floor(end / 1000)}`,
      );
    }
    return json(200, {
      chart: {
        result: [
          {
            meta: meta(line, now, '1d', range, previousClose),
            indicators: { quote: [{}], adjclose: [{}] },
          },
        ],
        error: null,
      },
    });
  }
  const factors = dividendFactors(line, sessions, today);
  const bars = sessions.map((s, i) => {
    const daily = dailyBar(line, s, now);
    return {
      ...daily,
      adjclose: daily.close === null ? null : yahooNumber(daily.close * factors[i]),
    };
  });
  const inRange = (day: Day) => day >= firstSession.day && day <= sessions[sessions.length - 1].day;
  const eventsOut: Record<string, unknown> = {};
  if (/div/.test(events)) {
    const dividends = dividendsOf(line.symbol).filter((d) => inRange(d.day) && d.day <= today);
    if (dividends.length > 0) {
      eventsOut.dividends = Object.fromEntries(
        dividends.map((d) => {
          const date = Math.floor(sessionOf(line.exchange, d.day).open / 1000);
          return [String(date), { amount: d.amount, date }];
        }),
      );
    }
  }
  if (/split/.test(events)) {
    const splits = (SPLITS[line.symbol] ?? []).filter((s) => inRange(s.day) && s.day <= today);
    if (splits.length > 0) {
      eventsOut.splits = Object.fromEntries(
        splits.map((s) => {
          const date = Math.floor(sessionOf(line.exchange, s.day).open / 1000);
          const splitRatio = `${s.numerator}:${s.denominator}`;
          return [
            String(date),
            { date, numerator: s.numerator, denominator: s.denominator, splitRatio },
          ];
        }),
      );
    }
  }
  return json(200, {
    chart: {
      result: [
        {
          meta: meta(line, now, '1d', range, previousClose),
          timestamp: bars.map((b) => b.time),
          ...(Object.keys(eventsOut).length > 0 ? { events: eventsOut } : {}),
          indicators: {
            quote: [barColumns(bars)],
            adjclose: [{ adjclose: bars.map((b) => b.adjclose) }],
          },
        },
      ],
      error: null,
    },
  });
}

/** The chart's `indicators.quote` entry: each of the bars' fields as a column. */
function barColumns(bars: Bar[]) {
  return {
    open: bars.map((b) => b.open),
    high: bars.map((b) => b.high),
    low: bars.map((b) => b.low),
    close: bars.map((b) => b.close),
    volume: bars.map((b) => b.volume),
  };
}

/** The latest session in 5-minute bars, up to `now`. */
function intradayChart(line: Line, now: number): FakeAnswer {
  const session = latestSession(line, now);
  const previousClose = priceAt(line, previousSession(line, session).close);
  const bars: Bar[] = [];
  const seed = hash(line.symbol);
  for (let t = session.open, i = 0; t < session.close && t <= now; t += FIVE_MINUTES * 1000, i++) {
    bars.push(bar(line, t, Math.min(t + FIVE_MINUTES * 1000, now), (i + seed) % 23 === 7));
  }
  const gmtoffset = offsetSeconds(session.open, line.exchange.timezone);
  const base = meta(line, now, '5m', '1d', previousClose);
  return json(200, {
    chart: {
      result: [
        {
          meta: {
            ...base,
            previousClose,
            scale: 3,
            tradingPeriods: [[{ ...tradingPeriod(line, session).regular, gmtoffset }]],
          },
          timestamp: bars.map((b) => b.time),
          indicators: {
            quote: [barColumns(bars)],
          },
        },
      ],
      error: null,
    },
  });
}

const INTERVALS = [
  '1m',
  '2m',
  '5m',
  '15m',
  '30m',
  '60m',
  '90m',
  '1h',
  '1d',
  '5d',
  '1wk',
  '1mo',
  '3mo',
];

export function chart(symbol: string, request: FakeRequest, now: Clock): FakeAnswer {
  const line = symbol === DELISTED ? undefined : lineOf(symbol);
  if (!line) return chartError(404, 'Not Found', 'No data found, symbol may be delisted');
  const { interval = '1d', range, period1, period2, events = '' } = request.query;
  if (!INTERVALS.includes(interval)) {
    return chartError(
      400,
      'Bad Request',
      `Invalid input - interval=${interval} is not supported. Valid intervals: [${INTERVALS.join(', ')}]`,
    );
  }
  const at = now();
  if (interval === '5m' && (range === '1d' || range === undefined)) return intradayChart(line, at);
  if (interval !== '1d') {
    return chartError(400, 'Bad Request', `The fake serves interval=1d, and 5m with range=1d`);
  }
  if (range !== undefined) {
    const start = rangeStart(range, at);
    if (start === undefined)
      return chartError(400, 'Bad Request', `Invalid input - range=${range}`);
    return dailyChart(line, start, at + 1, events, range, at);
  }
  const start = Number(period1 ?? 0) * 1000;
  const end = period2 === undefined ? at : Number(period2) * 1000;
  if (!Number.isFinite(start) || !Number.isFinite(end)) {
    return chartError(400, 'Bad Request', 'Invalid input - period1 and period2 must be numbers');
  }
  if (end <= start) {
    return chartError(
      400,
      'Bad Request',
      `Invalid input - start date cannot be after end date. startDate = ${start / 1000}, endDate = ${end / 1000}`,
    );
  }
  return dailyChart(line, start, end, events, '', at);
}

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
