// Searching the instrument catalogue by name or identifier (Add investment's suggestions).
import type { Instrument } from './market';

/** At most this many suggestions: a phone shows about that many under the field. */
export const SEARCH_LIMIT = 8;

/** Case, accents and the Nordic letters folded, so "orsted" finds Ørsted and "maersk" Mærsk. */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim();
}

/**
 * How well an instrument matches; lower is better, undefined is no match. Identifier first
 * (someone who types a code means that one), then names by where the query starts.
 */
function rank(instrument: Instrument, query: string): number | undefined {
  const code = instrument.code.toLowerCase();
  const name = foldSearchText(instrument.name);
  if (code === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(query))) return 2;
  if (code.startsWith(query)) return 3;
  if (name.includes(query)) return 4;
  return undefined;
}

/** Catalogue entries matching the query, best first, then by name; none for a blank query. */
export function searchInstruments(
  catalogue: readonly Instrument[],
  query: string,
  limit = SEARCH_LIMIT,
): Instrument[] {
  const folded = foldSearchText(query);
  if (folded === '') return [];
  return catalogue
    .map((instrument) => ({ instrument, score: rank(instrument, folded) }))
    .filter((hit): hit is { instrument: Instrument; score: number } => hit.score !== undefined)
    .sort((a, b) => a.score - b.score || a.instrument.name.localeCompare(b.instrument.name, 'en'))
    .slice(0, limit)
    .map((hit) => hit.instrument);
}
