// A listing's daily closes as numbers in day order, and their bytes: what a price function is
// built from (issue 37). Kept in one row per listing beside the closes' rows, written with them,
// so a fresh process reads one row instead of thousands and parses no day or decimal text.
import type { StoredClose } from './ingest';
import { dayNumber } from './zoned-time';

export interface CloseSeries {
  /** Day numbers (`dayNumber`), ascending. */
  days: Int32Array;
  /** Each day's close, `Number` of its decimal text (as every price function reads it). */
  values: Float64Array;
}

/** The layout's number; bytes of another layout (or byte order) are no series. */
const FORMAT = 20261129.2;
/** FORMAT, closes. */
const HEADER = 2;

/** The closes (in day order) as a series. */
export function closeSeries(closes: readonly StoredClose[]): CloseSeries {
  const days = new Int32Array(closes.length);
  const values = new Float64Array(closes.length);
  for (let i = 0; i < closes.length; i++) {
    days[i] = dayNumber(closes[i].day);
    values[i] = Number(closes[i].close);
  }
  return { days, values };
}

/** The series as doubles: the header, the days, the closes. */
export function encodeCloseSeries(series: CloseSeries): Uint8Array {
  const count = series.days.length;
  const numbers = new Float64Array(HEADER + 2 * count);
  numbers[0] = FORMAT;
  numbers[1] = count;
  numbers.set(series.days, HEADER);
  numbers.set(series.values, HEADER + count);
  return new Uint8Array(numbers.buffer);
}

/** The series in `bytes`, or undefined when they are not one of this layout. */
export function decodeCloseSeries(bytes: Uint8Array): CloseSeries | undefined {
  if (bytes.byteLength < HEADER * 8 || bytes.byteLength % 8 !== 0) return undefined;
  // Copied: a driver's buffer need not start on a double's boundary.
  const numbers = new Float64Array(new Uint8Array(bytes).buffer);
  const count = numbers[1];
  if (numbers[0] !== FORMAT || numbers.length !== HEADER + 2 * count) return undefined;
  return {
    days: Int32Array.from(numbers.subarray(HEADER, HEADER + count)),
    values: numbers.slice(HEADER + count),
  };
}
