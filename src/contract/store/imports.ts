// Committed imports: what each batch counted and created, so its undo can remove them.
import type { EventRow } from './ledger';

/** What a committed import is counted as, and what it created (its undo may remove them). */
export interface ImportBatchRow {
  id: number;
  userId: number;
  portfolioId: number;
  source: string;
  fileName: string | null;
  /** The broker's account the file was of (Nordnet `Depot`), or null. */
  account: string | null;
  /** Epoch ms. */
  createdAt: number;
  counts: { imported: number; duplicates: number; skipped: number; errors: number };
  created: { portfolios: number[]; investments: number[] };
}

export interface ImportStore {
  /** The user's import batches, by id, with how many events each still holds. */
  imports(userId: number): Promise<(ImportBatchRow & { events: number })[]>;
  createImport(batch: Omit<ImportBatchRow, 'id'>): Promise<ImportBatchRow>;
  /** Records what the batch created, once its events are written. */
  setImportCreated(id: number, created: ImportBatchRow['created']): Promise<void>;
  /** The events a batch created that are still there. */
  importEvents(id: number): Promise<EventRow[]>;
  /** The batch row and its events; the caller removes what it created. */
  deleteImport(id: number): Promise<void>;
}
