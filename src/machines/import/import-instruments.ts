// The file's instruments in the import's preview (import.machine.ts): the rows naming the same
// instrument, the server's match of each in the last dry run, and the user's matches that go
// into the request's rows.
import type { ImportReport, ImportRow } from '../../domain/import';
import type { InstrumentType } from '../../domain/types';

/** The user's match of an instrument: an investment's id, or `NEW_INVESTMENT`. */
export type Match = string;
export const NEW_INVESTMENT = 'new';

/** One instrument of the file: the rows naming the same ISIN, ticker, name and type. */
export interface FileInstrument {
  key: string;
  isin?: string;
  symbol?: string;
  name: string;
  type: InstrumentType;
  rows: number;
  /** The server's match in the last dry run (an investment's id), or undefined: a new one. */
  matched?: string;
}

export const instrumentKey = ({ instrument: i }: ImportRow) =>
  JSON.stringify([i.type ?? 'stock', i.isin ?? '', i.symbol ?? '', i.name]);

/** The file's instruments in the order of their first rows, with the dry run's match. */
export function instrumentsOf(
  rows: readonly ImportRow[],
  report: ImportReport | undefined,
): FileInstrument[] {
  const matched = new Map<number, number>();
  for (const verdict of report?.rows ?? [])
    if (verdict.investment_id !== undefined) matched.set(verdict.line, verdict.investment_id);
  const found = new Map<string, FileInstrument>();
  for (const row of rows) {
    const key = instrumentKey(row);
    const id = matched.get(row.line);
    const known = found.get(key);
    if (known) {
      known.rows += 1;
      known.matched ??= id === undefined ? undefined : String(id);
      continue;
    }
    const { isin, symbol, name, type = 'stock' } = row.instrument;
    found.set(key, {
      ...{ key, isin, symbol, name, type, rows: 1 },
      ...(id !== undefined && { matched: String(id) }),
    });
  }
  return [...found.values()];
}

/** The rows with the user's matches: `investment_id` an id, or null for a new investment. */
export function withMatches(
  rows: readonly ImportRow[],
  matches: Readonly<Record<string, Match>>,
): ImportRow[] {
  if (Object.keys(matches).length === 0) return [...rows];
  return rows.map((row) => {
    const match = matches[instrumentKey(row)];
    if (match === undefined) return row;
    return { ...row, investment_id: match === NEW_INVESTMENT ? null : Number(match) };
  });
}
