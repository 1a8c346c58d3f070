// A request body as the contract reads it, on both backends.
import { MAX_SIGNIFICANT_DIGITS, significantDigits } from '../domain/numbers';

/** A JSON string (escapes included) or a JSON number, in the order they appear. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * The JSON of a body; anything else is no input, as Laravel reads it (then 422 names the
 * missing fields). A number with more significant digits than a double holds is kept as its
 * text: parsed, 999999999.99999999 would already be 1000000000, and the validator could not
 * refuse what it never saw.
 */
export function parseRequestBody(text: string | null | undefined): unknown {
  if (!text || text.trim() === '') return {};
  const exact = text.replace(TOKEN, (token) =>
    token.startsWith('"') || significantDigits(token) <= MAX_SIGNIFICANT_DIGITS
      ? token
      : `"${token}"`,
  );
  try {
    return JSON.parse(exact) as unknown;
  } catch {
    return {};
  }
}
