// SKAT's yearly list of share-based investment companies (ABIS, "positivlisten"): a fund on it in a
// year gives share income, one not on it capital income (research note section 1.3). The lists are
// data, one JSON file a year, written by `npx tsx scripts/abis-load.ts <year> <SKAT's file>`
// (docs/tax.md says what the file may look like). A year whose list was never loaded has `loaded`
// null, and every fund then counts as not on it: the report says so.
import list2024 from './abis/2024.json' with { type: 'json' };
import list2025 from './abis/2025.json' with { type: 'json' };
import list2026 from './abis/2026.json' with { type: 'json' };

export interface AbisList {
  year: number;
  source: { site: string; title: string; url?: string; date?: string };
  /** YYYY-MM-DD the file was loaded; null while the year's list is not loaded. */
  loaded: string | null;
  isins: readonly string[];
}

/** The shipped lists by year. */
export const ABIS_LISTS: Readonly<Record<number, AbisList>> = {
  2024: list2024,
  2025: list2025,
  2026: list2026,
};

/** Whether `isin` is on the year's list; false for a year without one. */
export function onAbisList(
  isin: string,
  year: number,
  lists: Readonly<Record<number, AbisList>> = ABIS_LISTS,
): boolean {
  return lists[year]?.isins.includes(isin.trim().toUpperCase()) ?? false;
}
