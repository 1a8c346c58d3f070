// Days as brokers write them, read into YYYY-MM-DD calendar days by pattern: never through
// `new Date(text)`, which reads an ISO day as UTC midnight and moves it in Denmark.

import { DATE_FORMATS, type DateFormat } from './types';

// Short month names of the languages the presets read (en, da, sv, no, nl, de).
const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  mrt: 3,
  apr: 4,
  may: 5,
  maj: 5,
  mai: 5,
  mei: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  okt: 10,
  nov: 11,
  dec: 12,
  des: 12,
  dez: 12,
};

type Parts = [year: string, month: string, day: string];

const PATTERNS: Readonly<Record<DateFormat, { regex: RegExp; parts: (m: string[]) => Parts }>> = {
  'yyyy-MM-dd': { regex: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, parts: (m) => [m[1], m[2], m[3]] },
  yyyyMMdd: { regex: /^(\d{4})(\d{2})(\d{2})$/, parts: (m) => [m[1], m[2], m[3]] },
  'yyyy/MM/dd': { regex: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, parts: (m) => [m[1], m[2], m[3]] },
  'dd-MM-yyyy': { regex: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, parts: (m) => [m[3], m[2], m[1]] },
  'dd.MM.yyyy': { regex: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, parts: (m) => [m[3], m[2], m[1]] },
  'dd/MM/yyyy': { regex: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, parts: (m) => [m[3], m[2], m[1]] },
  'MM/dd/yyyy': { regex: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, parts: (m) => [m[3], m[1], m[2]] },
  'dd/MM/yy': {
    regex: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/,
    parts: (m) => [century(m[3]), m[2], m[1]],
  },
  'MM/dd/yy': {
    regex: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/,
    parts: (m) => [century(m[3]), m[1], m[2]],
  },
  'dd-MMM-yyyy': {
    regex: /^(\d{1,2})[- ]([a-z]{3})\.?[- ](\d{4})$/i,
    parts: (m) => [m[3], month(m[2]), m[1]],
  },
  'dd-MMM-yy': {
    regex: /^(\d{1,2})[- ]([a-z]{3})\.?[- ](\d{2})$/i,
    parts: (m) => [century(m[3]), month(m[2]), m[1]],
  },
};

/** Two-digit years: 70–99 are 19xx, the rest 20xx (no broker export predates 1970). */
function century(yy: string): string {
  return Number(yy) >= 70 ? `19${yy}` : `20${yy}`;
}

function month(name: string): string {
  return String(MONTHS[name.toLowerCase()] ?? 0);
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The day part of a value: a time after a space, `T` or IBKR's `;` is dropped. */
function dayPart(text: string): string {
  const trimmed = text.trim();
  if (/^\d{1,2}[- ][a-z]{3}/i.test(trimmed)) return trimmed.replace(/\s+\d{1,2}:\d{2}.*$/, '');
  return trimmed.split(/[\sT;,]/)[0] ?? '';
}

/** YYYY-MM-DD of a value in `format`, or null when it does not read as an existing day. */
export function readDay(text: string, format: DateFormat): string | null {
  const pattern = PATTERNS[format];
  const match = pattern.regex.exec(dayPart(text));
  if (!match) return null;
  const [year, mm, dd] = pattern.parts(match);
  const [y, m, d] = [Number(year), Number(mm), Number(dd)];
  if (m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return null;
  return `${year}-${mm.padStart(2, '0')}-${dd.padStart(2, '0')}`;
}

/**
 * The format the values of a column read with. Several fit when every value is ambiguous
 * (all days ≤ 12 in dd/MM vs MM/dd): then `preferred` if it is one of them, else null (ask).
 */
export function decideDateFormat(
  values: readonly string[],
  preferred?: DateFormat,
): { value: DateFormat | null; candidates: DateFormat[]; samples: string[] } {
  const present = [...new Set(values)].filter((value) => value.trim() !== '');
  const samples = present.slice(0, 5).map((value) => value.trim());
  if (present.length === 0) return { value: preferred ?? null, candidates: [], samples };
  // The formats that read the most values: one bad value does not hide the others' format.
  const counts = DATE_FORMATS.map((format) => ({
    format,
    count: present.filter((value) => readDay(value, format) !== null).length,
  }));
  const best = Math.max(...counts.map(({ count }) => count));
  const candidates =
    best === 0 ? [] : counts.filter(({ count }) => count === best).map(({ format }) => format);
  if (candidates.length === 0) return { value: preferred ?? null, candidates, samples };
  if (candidates.length === 1) return { value: candidates[0] ?? null, candidates, samples };
  if (preferred && candidates.includes(preferred)) return { value: preferred, candidates, samples };
  return { value: null, candidates, samples };
}
