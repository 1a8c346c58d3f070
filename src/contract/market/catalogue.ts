// Which identifiers the backends accept, and what they say about one they refuse: the domain's
// ISIN rules plus catalogue membership.
import { instrumentRefusal, normaliseIdentifier } from '../../domain/isin';
import { searchInstruments } from '../../domain/instrument-search';
import { CATALOGUE, findInstrument, type Instrument } from '../../domain/market';
import type { InstrumentType } from '../../domain/types';

/**
 * Why an identifier is refused: the ISIN's format or check digit, else an instrument the
 * catalogue does not know. Undefined when it is accepted.
 */
export function refusalOf(type: InstrumentType, code: string): string | undefined {
  const normalised = normaliseIdentifier(code);
  return instrumentRefusal(type, normalised, findInstrument(type, normalised) !== undefined);
}

/** GET /api/v1/instruments?search=: the catalogue's best matches. */
export function searchCatalogue(query: string): Instrument[] {
  return searchInstruments(CATALOGUE, query);
}
