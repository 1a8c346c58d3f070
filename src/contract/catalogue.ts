// Which identifiers the mock accepts: the domain's ISIN rules plus catalogue membership.
import { hasValidCheckDigit, hasIsinFormat, normaliseIdentifier } from '../domain/isin';
import { findInstrument, type Instrument } from '../domain/market';
import type { InstrumentType } from '../domain/types';

export function knownInstrument(type: InstrumentType, code: string): Instrument | undefined {
  const normalised = normaliseIdentifier(code);
  if (type === 'stock' && !(hasIsinFormat(normalised) && hasValidCheckDigit(normalised)))
    return undefined;
  return findInstrument(type, normalised);
}
