// The calls of the broker import and the export, with their schemas. Only the import screen and
// Profile's export make them, so api.ts loads this module at the first of them (as the price
// calls): its code stays out of the start-up JavaScript.
import * as v from 'valibot';
import type { FormueExport, ImportBatch, ImportReport } from '../domain/import/rows';
import { IMPORT_SOURCES, ROW_STATUSES } from '../domain/import/rows';
import type { ImportCalls } from './api';
import { decode, field } from './decode';
import { ApiError } from './errors';
import type { Http } from './http';

const count = v.pipe(v.number('a number'), v.integer('a count'), v.minValue(0, 'a count'));

const counts = v.object({ imported: count, duplicates: count, skipped: count, errors: count });

const rowReport = v.object({
  line: count,
  status: v.picklist(ROW_STATUSES, ROW_STATUSES.join(', ')),
  errors: v.record(v.string(), v.array(v.string('a string'))),
  warnings: v.array(v.string('a string')),
  investment_id: v.optional(count),
});

const report = v.object({ rows: v.array(rowReport), counts }) satisfies v.GenericSchema<
  unknown,
  ImportReport
>;

const batch = v.object({
  id: count,
  portfolio_id: count,
  source: v.picklist(IMPORT_SOURCES, IMPORT_SOURCES.join(', ')),
  file_name: v.nullable(v.string('a string')),
  created_at: v.string('a string'),
  events: count,
  counts,
}) satisfies v.GenericSchema<unknown, ImportBatch>;

/** The export's envelope is checked; its lists are kept as sent, for a file to save. */
const exported = v.looseObject({
  formue: v.object({
    format: v.literal('formue-export', 'a Formue export'),
    version: v.literal(1, 'version 1'),
    exported_at: v.string('a string'),
  }),
  portfolios: v.array(v.looseObject({})),
  investments: v.array(v.looseObject({})),
  events: v.array(v.looseObject({})),
  prices: v.array(v.looseObject({})),
});

const undoRefusal = v.object({ event_ids: v.array(count) });

/** The report a refused commit (422) carries; undefined for another failure. */
function refusedReport(error: unknown): ImportReport | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const result = v.safeParse(report, error.body);
  return result.success ? result.output : undefined;
}

export function createImportCalls(http: Http): ImportCalls {
  return {
    dryRunImport: async (request) =>
      decode(report, await http.request('POST', '/imports?dry_run=1', { body: request }), 'body'),
    commitImport: async (request, options) => {
      try {
        const answer = await http.request('POST', '/imports', {
          body: request,
          headers: { 'Idempotency-Key': options.idempotencyKey },
        });
        return { committed: field(answer, 'data', batch) };
      } catch (error) {
        const refused = refusedReport(error);
        if (refused && error instanceof ApiError) return { refused, message: error.message };
        throw error;
      }
    },
    listImports: async () =>
      field(await http.request('GET', '/imports'), 'imports', v.array(batch)),
    undoImport: async (id: number) => {
      try {
        await http.request('DELETE', `/imports/${id}`);
        return { undone: true };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        return {
          undone: false,
          message: error.message,
          eventIds: decode(undoRefusal, error.body, 'body').event_ids,
        };
      }
    },
    exportData: async (format) => {
      if (format === 'csv') {
        const text = await http.request('GET', '/export?format=csv', { text: true });
        return { format, text: decode(v.string('a string'), text, 'body') };
      }
      const body: unknown = await http.request('GET', '/export');
      decode(exported, body, 'body');
      return { format, data: body as FormueExport };
    },
  };
}
