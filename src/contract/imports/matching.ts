// Each row's instrument matched to an investment of its portfolio, or to one the import creates.
import { normaliseIdentifier } from '../../domain/isin';
import type { InstrumentType } from '../../domain/types';
import { identifierErrors } from '../events';
import type { Accepted, Refused } from '../market/market';
import { failed, type Row } from './request';
import type { ImportState } from './state';

/** An instrument the import creates: the investment's row, once its portfolio has an id. */
export interface NewInstrument {
  key: string;
  portfolioKey: string;
  type: InstrumentType;
  code: string;
  name: string;
  symbol?: string;
  accepted?: Accepted;
}

const symbolOf = (listing: string | null) => listing?.slice(listing.indexOf(':') + 1);

/** By ISIN (the code), then symbol, then exact name; else a new investment of the row's type. */
export function matchInstruments(
  rows: Row[],
  state: ImportState,
  created: Map<string, NewInstrument>,
  resolved: ReadonlyMap<string, Accepted | Refused>,
) {
  const inPortfolio = (key: string) =>
    state.investments.filter((i) => `id:${i.portfolioId}` === key);
  const find = (row: Row): string | undefined => {
    const { isin, symbol, name, type } = row.instrument;
    const held = inPortfolio(row.portfolioKey!);
    if (typeof row.chosen === 'number') {
      const chosen = held.find((i) => i.id === row.chosen && i.type === type);
      if (chosen) return `id:${chosen.id}`;
      row.errors.investment_id = ['The selected investment id is invalid.'];
      return undefined;
    }
    const fresh = [...created.values()].filter((n) => n.portfolioKey === row.portfolioKey);
    const upper = symbol?.toUpperCase();
    // "New investment": one this import creates, never one the portfolio has.
    const existing =
      row.chosen !== 'new' &&
      ((isin && held.find((i) => i.code === isin)) ||
        (upper &&
          held.find((i) => i.code === upper || symbolOf(i.listing)?.toUpperCase() === upper)) ||
        (name !== undefined && held.find((i) => i.name === name)));
    if (existing) return `id:${existing.id}`;
    const made =
      (isin && fresh.find((n) => n.code === isin)) ||
      (upper && fresh.find((n) => n.code === upper || n.symbol?.toUpperCase() === upper)) ||
      (name !== undefined && fresh.find((n) => n.name === name));
    return made ? made.key : undefined;
  };
  // Rows naming an identifier first, so rows with a name only find what they create.
  const ordered = [
    ...rows.filter((r) => r.instrument.isin !== undefined),
    ...rows.filter((r) => r.instrument.isin === undefined),
  ];
  for (const row of ordered) {
    if (failed(row)) continue;
    const found = find(row);
    if (found) {
      row.investmentKey = found;
      continue;
    }
    if (failed(row)) continue;
    const { type, name = '' } = row.instrument;
    const code = row.instrument.isin ?? (type === 'crypto' ? row.instrument.symbol : undefined);
    if (code === undefined) {
      row.errors['instrument.isin'] = ['The instrument.isin field is required.'];
      continue;
    }
    const normalised = normaliseIdentifier(code);
    const answer = resolved.get(`${type}:${normalised}`);
    if (!answer || 'refusal' in answer) {
      row.errors['instrument.isin'] = identifierErrors(
        type,
        answer && 'refusal' in answer ? answer.refusal : 'The instrument could not be checked.',
      );
      continue;
    }
    const key = `new:${row.portfolioKey}:${type}:${answer.code}`;
    if (!created.has(key))
      created.set(key, {
        key,
        portfolioKey: row.portfolioKey!,
        type,
        code: answer.code,
        name,
        symbol: row.instrument.symbol,
        accepted: answer,
      });
    row.investmentKey = key;
  }
  // The new investments in the order of their first rows, as the file lists them.
  const firstLine = new Map<string, number>();
  for (const row of rows)
    if (row.investmentKey && !firstLine.has(row.investmentKey))
      firstLine.set(row.investmentKey, row.index);
  const sorted = [...created.values()].sort(
    (a, b) => (firstLine.get(a.key) ?? 0) - (firstLine.get(b.key) ?? 0),
  );
  created.clear();
  for (const instrument of sorted) created.set(instrument.key, instrument);
}
