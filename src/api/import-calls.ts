// The calls of the broker import and the export, decoded with the import's schemas
// (src/domain/import/rows.ts). Only the import screen and Profile's export make them, so api.ts
// loads this module at the first of them (as the price calls): its code stays out of the
// start-up JavaScript.
import * as v from 'valibot';
import {
  formueExport,
  importBatch,
  importReport,
  importUndoRefusal,
  type FormueExport,
  type ImportBatch,
  type ImportReport,
  type ImportRequest,
} from '../domain/import/rows';
import { decode, field } from './decode';
import { ApiError } from './errors';
import type { Http } from './http';

/** One typed function per call of the broker import and the export. */
export interface ImportCalls {
  /** POST /api/v1/imports?dry_run=1: every row's verdict; nothing is written. */
  dryRunImport(request: ImportRequest): Promise<ImportReport>;
  /**
   * Commits all rows or none. A refusal (422 with the report: error rows, or nothing new) is an
   * answer, not a failure; the key makes a retry return the first answer.
   */
  commitImport(
    request: ImportRequest,
    options: { idempotencyKey: string },
  ): Promise<{ committed: ImportBatch } | { refused: ImportReport; message: string }>;
  /** The user's batches, newest first. */
  listImports(): Promise<ImportBatch[]>;
  /** Undo; refused (409) with the events that keep it (corrected since, or needed later). */
  undoImport(
    id: number,
  ): Promise<{ undone: true } | { undone: false; message: string; eventIds: number[] }>;
  /** Everything the user has: the JSON export, or the canonical CSV's text. */
  exportData(
    format: 'json' | 'csv',
  ): Promise<{ format: 'csv'; text: string } | { format: 'json'; data: FormueExport }>;
}

/** The report a refused commit (422) carries; undefined for another failure. */
function refusedReport(error: unknown): ImportReport | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const result = v.safeParse(importReport, error.body);
  return result.success ? result.output : undefined;
}

export function createImportCalls(http: Http): ImportCalls {
  return {
    dryRunImport: async (request) =>
      decode(
        importReport,
        await http.request('POST', '/imports?dry_run=1', { body: request }),
        'body',
      ),
    commitImport: async (request, options) => {
      try {
        const answer = await http.request('POST', '/imports', {
          body: request,
          headers: { 'Idempotency-Key': options.idempotencyKey },
        });
        return { committed: field(answer, 'data', importBatch) };
      } catch (error) {
        const refused = refusedReport(error);
        if (refused && error instanceof ApiError) return { refused, message: error.message };
        throw error;
      }
    },
    listImports: async () =>
      field(await http.request('GET', '/imports'), 'imports', v.array(importBatch)),
    undoImport: async (id: number) => {
      try {
        await http.request('DELETE', `/imports/${id}`);
        return { undone: true };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        return {
          undone: false,
          message: error.message,
          eventIds: decode(importUndoRefusal, error.body, 'body').event_ids,
        };
      }
    },
    exportData: async (format) => {
      if (format === 'csv') {
        const text = await http.request('GET', '/export?format=csv', { text: true });
        return { format, text: decode(v.string('a string'), text, 'body') };
      }
      return { format, data: decode(formueExport, await http.request('GET', '/export'), 'body') };
    },
  };
}
