// Fake ECB euro reference rates: the daily, 90-day and full-history XML files, generated for
// every TARGET working day from 4 January 1999, written as the ECB writes them (the daily file
// with single quotes and tabs, the history files with double quotes; newest day first).
import type { Day } from '../../src/market/port';
import { addDays, daysBetween, utcDay, utcMidnight } from '../../src/market/zoned-time';
import { answer, type FakeAnswer } from './http';
import { hash } from './prices';

const FIRST_DAY: Day = '1999-01-04';

/** [currency, level, decimals as the ECB writes them]. DKK sits in ERM II's narrow band. */
const CURRENCIES: readonly (readonly [string, number, number])[] = [
  ['USD', 1.1, 4],
  ['JPY', 150, 2],
  ['DKK', 7.46, 4],
  ['GBP', 0.85, 5],
  ['SEK', 10.8, 4],
  ['CHF', 0.97, 4],
  ['NOK', 11.2, 4],
];

/** Easter Sunday (the anonymous Gregorian algorithm). */
function easter(year: number): Day {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** TARGET closing days: weekends, New Year, Good Friday, Easter Monday, 1 May, 25 and 26 December. */
export function isTargetDay(day: Day): boolean {
  const weekday = new Date(utcMidnight(day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (['01-01', '05-01', '12-25', '12-26'].includes(monthDay)) return false;
  const sunday = easter(Number(day.slice(0, 4)));
  return day !== addDays(sunday, -2) && day !== addDays(sunday, 1);
}

/** A rate as the ECB writes it, trailing zeros kept ("0.86340"). */
function rateOn(day: Day, currency: string, level: number, decimals: number): string {
  const t = daysBetween(FIRST_DAY, day);
  const seed = hash(currency);
  const phase = (seed % 1000) / 159;
  // DKK is pegged: it moves in its fourth decimal only.
  const swing = currency === 'DKK' ? 0.0006 : 0.09;
  const log =
    swing * Math.sin((2 * Math.PI * t) / 1300 + phase) +
    (swing / 4) * Math.sin((2 * Math.PI * t) / 47 + 2 * phase) +
    (swing / 20) * Math.sin(t * 1.7 + phase);
  return (level * Math.exp(log)).toFixed(decimals);
}

function workingDays(first: Day, last: Day): Day[] {
  const days: Day[] = [];
  for (let day = last; day >= first; day = addDays(day, -1)) if (isTargetDay(day)) days.push(day);
  return days;
}

const HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n' +
  '\t<gesmes:subject>Reference rates</gesmes:subject>\n' +
  '\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>\n';

function dailyXml(day: Day): string {
  const rates = CURRENCIES.map(
    ([currency, level, decimals]) =>
      `\t\t\t<Cube currency='${currency}' rate='${rateOn(day, currency, level, decimals)}'/>\n`,
  ).join('');
  return `${HEAD}\t<Cube>\n\t\t<Cube time='${day}'>\n${rates}\t\t</Cube>\n\t</Cube>\n</gesmes:Envelope>`;
}

function historyXml(days: Day[]): string {
  const cubes = days.map((day) => {
    const rates = CURRENCIES.map(
      ([currency, level, decimals]) =>
        `<Cube currency="${currency}" rate="${rateOn(day, currency, level, decimals)}"/>`,
    ).join('');
    return `<Cube time="${day}">${rates}</Cube>`;
  });
  return `${HEAD}<Cube>${cubes.join('\n')}</Cube>\n</gesmes:Envelope>`;
}

const CACHE = new Map<string, string>();

function cached(key: string, build: () => string): string {
  let body = CACHE.get(key);
  if (body === undefined) {
    // Only today's files are worth keeping.
    if (CACHE.size > 12) CACHE.clear();
    body = build();
    CACHE.set(key, body);
  }
  return body;
}

/** The ECB publishes a day's rates around 16:00 CET: before that, the latest day is yesterday's. */
const PUBLISHED_UTC_HOUR = 15;

/**
 * The file named `file` as the ECB publishes it at `now`; undefined for other names. The history
 * file starts at `historyFrom`: 4 January 1999, as the ECB's, unless a test needs less of it.
 */
export function eurofxref(
  file: string,
  now: number,
  historyFrom: Day = FIRST_DAY,
): FakeAnswer | undefined {
  const today = utcDay(now);
  const last = new Date(now).getUTCHours() >= PUBLISHED_UTC_HOUR ? today : addDays(today, -1);
  let body: string;
  switch (file) {
    case 'eurofxref-daily.xml':
      body = cached(`daily:${last}`, () => dailyXml(workingDays(addDays(last, -10), last)[0]));
      break;
    case 'eurofxref-hist-90d.xml':
      body = cached(`90d:${last}`, () => historyXml(workingDays(addDays(today, -89), last)));
      break;
    case 'eurofxref-hist.xml':
      body = cached(`hist:${historyFrom}:${last}`, () =>
        historyXml(workingDays(historyFrom, last)),
      );
      break;
    default:
      return undefined;
  }
  const published = new Date(`${last}T14:00:00Z`).toUTCString();
  return { status: 200, headers: { 'Content-Type': 'text/xml', 'Last-Modified': published }, body };
}

export function notFound(): FakeAnswer {
  return answer(404, 'text/html', '<html><body><h1>404 Not Found</h1></body></html>');
}
