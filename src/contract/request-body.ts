// A request body as the contract reads it, on both backends.
import { MAX_SIGNIFICANT_DIGITS, significantDigits } from '../domain/numbers';

/** Laravel's `Request::isJson()`: only a JSON content type is read as JSON. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && /\/json|\+json/i.test(contentType);
}

/**
 * The JSON of a body; anything else is no input, as Laravel reads it (then 422 names the
 * missing fields). A number with more significant digits than a double holds is kept as its
 * text: parsed, 999999999.99999999 would already be 1000000000, and the validator could not
 * refuse what it never saw. One pass over the text and the native parser, neither recursive:
 * a body of megabytes takes milliseconds and cannot overflow the stack.
 */
export function parseRequestBody(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(exactNumbers(text)) as unknown;
  } catch {
    return {};
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const POINT = 0x2e;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** The text with each JSON number too precise for a double quoted as a string. */
function exactNumbers(text: string): string {
  const parts: string[] = [];
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      at = afterString(text, at);
    } else if (code === MINUS || isDigit(code)) {
      const end = afterNumber(text, at);
      const token = text.slice(at, end);
      if (significantDigits(token) > MAX_SIGNIFICANT_DIGITS) {
        parts.push(text.slice(copied, at), `"${token}"`);
        copied = end;
      }
      at = Math.max(end, at + 1);
    } else at += 1;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

/** Where the string opened at `start` ends (past its closing quote, or the text's end). */
function afterString(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) return at + 1;
    at += code === BACKSLASH ? 2 : 1;
  }
  return at;
}

/** Where JSON's number grammar, from `start`, ends: -?digits(.digits)?([eE][+-]?digits)? */
function afterNumber(text: string, start: number): number {
  const digits = (from: number) => {
    let at = from;
    while (at < text.length && isDigit(text.charCodeAt(at))) at += 1;
    return at;
  };
  // Each optional part counts only with its digits, as the grammar has it.
  const part = (from: number) => {
    const end = digits(from);
    return end > from ? end : undefined;
  };
  let at = part(text.charCodeAt(start) === MINUS ? start + 1 : start) ?? start;
  if (text.charCodeAt(at) === POINT) at = part(at + 1) ?? at;
  const exponent = text[at];
  if (exponent === 'e' || exponent === 'E') {
    const sign = text[at + 1];
    at = part(sign === '+' || sign === '-' ? at + 2 : at + 1) ?? at;
  }
  return at;
}
