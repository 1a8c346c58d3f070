// SKAT's published ABIS file (docs/tax.md, "The ABIS list"), as scripts/abis-load.ts reads it: its
// CSV or the first sheet of its workbook, as text cells. The ISINs are the column headed "ISIN"
// (any case, "ISIN-kode" too) when there is one, else every cell that is a valid ISIN. SKAT's
// layout has changed over the years; both ways read every version seen, and a check digit keeps
// stray text out. Sorted, each once.
import { readTable } from '../import/table';
import { isValidIsin, normaliseIdentifier } from '../isin';
import type { AbisList } from './abis';

export function abisIsins(rows: readonly (readonly string[])[]): string[] {
  const headerRow = rows.findIndex((row) => row.some((cell) => /isin/i.test(cell)));
  const column = headerRow >= 0 ? rows[headerRow].findIndex((cell) => /isin/i.test(cell)) : -1;
  const cells =
    column >= 0
      ? rows.slice(headerRow + 1).map((row) => row[column] ?? '')
      : rows.flatMap((row) => [...row]);
  const isins = new Set(cells.map(normaliseIdentifier).filter(isValidIsin));
  return [...isins].sort();
}

/** A year's list from the file's bytes, loaded on `loaded` (YYYY-MM-DD); or why it cannot be. */
export async function readAbisFile(
  bytes: Uint8Array,
  fileName: string,
  year: number,
  loaded: string,
  url?: string,
): Promise<{ list: AbisList } | { problem: string }> {
  const reading = await readTable(bytes, fileName);
  if ('problem' in reading) return { problem: reading.problem };
  const isins = abisIsins(reading.table.rows);
  if (isins.length === 0) return { problem: 'no ISIN found' };
  return {
    list: {
      year,
      source: {
        site: 'skat.dk',
        title: `Liste over aktiebaserede investeringsselskaber (ABIS-listen) ${year}`,
        ...(url ? { url } : {}),
      },
      loaded,
      isins,
    },
  };
}
