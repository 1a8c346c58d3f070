// Numbers as brokers write them ("-1.234,56", "2,500", "0.92139706", "1E-3" from xlsx) read into
// exact decimal strings: never Number() on the raw text.

import Big from 'big.js';
import type { DecimalSeparator } from './types';

/** What one value says about the decimal separator of its column. */
export type Evidence = DecimalSeparator | 'ambiguous' | 'none' | 'invalid';

// Spaces (also no-break and narrow no-break) only ever group thousands.
const SPACES = /[\s\u00a0\u202f]/g;
const SIGNED = /^([+\-\u2212]?)(.*)$/;

function unsigned(text: string): { negative: boolean; body: string } {
  const [, sign = '', body = ''] = SIGNED.exec(text.replace(SPACES, '')) ?? [];
  return { negative: sign === '-' || sign === '\u2212', body };
}

/**
 * One value's evidence: both separators (the last is the decimal one), a repeated one (thousands),
 * one followed by other than three digits (decimal), "0.125" or "1234.567" (decimal), and "1.234"
 * or "2,500", which could be either.
 */
export function evidence(text: string): Evidence {
  const { body } = unsigned(text);
  if (body === '') return 'none';
  if (/^[0-9]*[.,]?[0-9]+[eE][+-]?[0-9]+$/.test(body)) return body.includes(',') ? ',' : '.';
  if (!/^[0-9][0-9.,']*$|^[.,][0-9]+$/.test(body)) return 'invalid';
  let commas = 0;
  let points = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body.charCodeAt(i);
    if (char === 44) commas++;
    else if (char === 46) points++;
  }
  if (commas === 0 && points === 0) return 'none';
  if (commas > 0 && points > 0) return body.lastIndexOf(',') > body.lastIndexOf('.') ? ',' : '.';
  const separator = commas > 0 ? ',' : '.';
  const other: DecimalSeparator = separator === ',' ? '.' : ',';
  if (commas + points > 1) return other;
  const [whole = '', fraction = ''] = body.split(separator);
  if (fraction.length !== 3) return separator;
  if (whole === '' || whole === '0' || whole.length > 3) return separator;
  return 'ambiguous';
}

/** A column's decimal separator from all its values; null when none decides or they conflict. */
export function decideDecimal(values: readonly string[]): {
  value: DecimalSeparator | null;
  ambiguous: boolean;
  conflict: boolean;
  samples: string[];
} {
  const seen = new Set<Evidence>();
  const samples: string[] = [];
  // Each distinct value once: a column repeats most of its values.
  for (const value of new Set(values)) {
    const found = evidence(value);
    seen.add(found);
    if ((found === ',' || found === '.' || found === 'ambiguous') && samples.length < 5) {
      samples.push(value.trim());
    }
  }
  const conflict = seen.has(',') && seen.has('.');
  const decided = conflict ? null : seen.has(',') ? ',' : seen.has('.') ? '.' : null;
  return { value: decided, ambiguous: !decided && seen.has('ambiguous'), conflict, samples };
}

export type DecimalReading =
  | { value: string }
  | { problem: 'unreadable' }
  | { problem: 'ambiguous' };

/**
 * The exact decimal string ("-1234.56") of a value written with `decimal` as its separator;
 * with null, the value must decide on its own ("12,5" does, "1.234" does not).
 */
export function readDecimal(text: string, decimal: DecimalSeparator | null): DecimalReading {
  const { negative, body } = unsigned(text);
  const found = evidence(text);
  if (found === 'invalid' || body === '') return { problem: 'unreadable' };
  const separator = decimal ?? (found === ',' || found === '.' ? found : null);
  if (separator === null && found === 'ambiguous') return { problem: 'ambiguous' };
  let plain = body;
  if (separator !== null) {
    const thousands = separator === ',' ? '.' : ',';
    const grouped = plain.split(thousands);
    const groupsOk = grouped.slice(1).every((group, i) => {
      const digits = i === grouped.length - 2 ? group.split(separator)[0] : group;
      return digits?.length === 3;
    });
    if (grouped.length > 1 && !groupsOk) return { problem: 'unreadable' };
    plain = grouped.join('').replace(/'/g, '').replace(separator, '.');
  } else {
    plain = plain.replace(/'/g, '');
  }
  if (!/^[0-9]*\.?[0-9]+([eE][+-]?[0-9]+)?$|^[0-9]+\.?$/.test(plain))
    return { problem: 'unreadable' };
  try {
    const value = new Big(plain);
    return { value: (negative && !value.eq(0) ? value.neg() : value).toFixed() };
  } catch {
    return { problem: 'unreadable' };
  }
}

/** Decimals of an exact decimal string. */
export function decimalsOf(value: string): number {
  const fraction = value.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** Rounded half-up to `decimals`, without trailing zeros. */
export function roundTo(value: string, decimals: number): string {
  return new Big(value).round(decimals, Big.roundHalfUp).toFixed();
}
