// Fake Yahoo Finance: chart v8 (daily bars with events, or one day of 5-minute bars) for any
// symbol on an exchange of the table, and search v1 over the instrument table. Field names,
// envelopes and error bodies follow the real answers (see the report in tests/market).
import type { Exchange } from '../../src/market/exchanges';
import type { Day } from '../../src/market/port';
import {
  addDays,
  dayInZone,
  offsetSeconds,
  utcDay,
  utcMidnight,
} from '../../src/market/zoned-time';
import { json, type Clock, type FakeAnswer, type FakeRequest } from './http';
import { hash, volumeAt, yahooNumber } from './prices';
import {
  type Bar,
  type Line,
  SPLITS,
  type Session,
  bar,
  dailyBar,
  dividendFactors,
  dividendsOf,
  isWeekday,
  latestSession,
  lineOf,
  previousSession,
  priceAt,
  sessionOf,
} from './yahoo-sessions';
import { EXCHANGE_DISPLAY } from './yahoo-search';

/** A symbol whose listing is gone: Yahoo answers 404 with its "delisted" envelope. */
export const DELISTED = 'DELISTED.CO';

const FIRST_DAY: Day = '2000-01-03';
const FIVE_MINUTES = 300;

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
