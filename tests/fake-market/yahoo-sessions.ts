// A listing on the fake Yahoo: its exchange's trading sessions, its daily and intraday bars, and
// the splits and dividends it pays.
import { exchangeByYahooSymbol, type Exchange } from '../../src/market/exchanges';
import type { Day } from '../../src/market/port';
import { addDays, dayInZone, utcMidnight, zonedTimeToEpoch } from '../../src/market/zoned-time';
import { listingOf, type QuoteType } from './instruments';
import { hash, pathPrice, volumeAt, yahooNumber } from './prices';

/** One symbol as the fake quotes it. */
export interface Line {
  symbol: string;
  exchange: Exchange;
  code: string;
  currency: string;
  level: number;
  name: string;
  type: QuoteType;
}

export function lineOf(symbol: string): Line | undefined {
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
export const SPLITS: Readonly<
  Record<string, readonly { day: Day; numerator: number; denominator: number }[]>
> = {
  NVDA: [{ day: '2024-06-10', numerator: 10, denominator: 1 }],
};

export function isWeekday(day: Day): boolean {
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
export function dividendsOf(symbol: string): { day: Day; amount: number }[] {
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

export interface Session {
  day: Day;
  /** Epoch ms of the open and close. */
  open: number;
  close: number;
}

const SESSIONS = new Map<string, Session>();

export function sessionOf(exchange: Exchange, day: Day): Session {
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
export function priceAt(line: Line, epochMs: number): number {
  return yahooNumber(pathPrice(line.symbol, line.level, epochMs));
}

/** One in 37 days has no bar data (all nulls), as real series sometimes do. */
function isGap(line: Line, day: Day): boolean {
  return (Math.round(utcMidnight(day) / 86_400_000) + hash(line.symbol)) % 37 === 0;
}

/** The latest session that has opened by `now`. */
export function latestSession(line: Line, now: number): Session {
  let day = dayInZone(now, line.exchange.timezone);
  for (;;) {
    if (isWeekday(day)) {
      const session = sessionOf(line.exchange, day);
      if (session.open <= now) return session;
    }
    day = addDays(day, -1);
  }
}

export function previousSession(line: Line, session: Session): Session {
  let day = addDays(session.day, -1);
  while (!isWeekday(day)) day = addDays(day, -1);
  return sessionOf(line.exchange, day);
}

export interface Bar {
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
export function dailyBar(line: Line, session: Session, now: number): Bar {
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

export function bar(line: Line, from: number, to: number, gap: boolean): Bar {
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
export function dividendFactors(line: Line, sessions: Session[], today: Day): number[] {
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
