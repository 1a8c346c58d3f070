// The ISINs of SKAT's published ABIS file, as a table of text cells (its CSV or the first sheet of
// its workbook): the column headed "ISIN" (any case, "ISIN-kode" too) when there is one, else every
// cell that is a valid ISIN. SKAT's layout has changed over the years; both ways read every
// version seen, and a check digit keeps stray text out. Sorted, each once.
import { isValidIsin, normaliseIdentifier } from '../isin';

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
