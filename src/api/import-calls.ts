// The calls of the broker import and the export, with their decoders. Only the import screen
// and Profile's export make them, so api.ts loads this module at the first of them (as the
// price calls): its code stays out of the start-up JavaScript.
import type {
  FormueExport,
  ImportBatch,
  ImportReport,
  ImportRequest,
  ImportRowReport,
} from '../domain/import/rows';
import { IMPORT_SOURCES, ROW_STATUSES } from '../domain/import/rows';
import type { ImportCalls } from './api';
import type * as Decode from './decode';
import type { Decoder } from './decode';
import { ApiError } from './errors';
import type { Http } from './http';

export type ImportDecoders = Pick<
  typeof Decode,
  'shape' | 'record' | 'fail' | 'field' | 'list' | 'orNull' | 'number' | 'string'
>;

function decoders(d: ImportDecoders) {
  const count: Decoder<number> = (value, path) => {
    const n = d.number(value, path);
    return Number.isInteger(n) && n >= 0 ? n : d.fail(path, 'a count');
  };
  const oneOf =
    <T extends string>(allowed: readonly T[]): Decoder<T> =>
    (value, path) =>
      allowed.find((a) => a === value) ?? d.fail(path, allowed.join(', '));
  const counts = d.shape<ImportReport['counts']>({
    imported: count,
    duplicates: count,
    skipped: count,
    errors: count,
  });
  const messages: Decoder<Record<string, string[]>> = (value, path) =>
    Object.fromEntries(
      Object.entries(d.record(value, path)).map(([key, list]) => [
        key,
        d.list(d.string)(list, `${path}.${key}`),
      ]),
    );
  const rowReport: Decoder<ImportRowReport> = (value, path) => {
    const o = d.record(value, path);
    return {
      line: count(o.line, `${path}.line`),
      status: oneOf(ROW_STATUSES)(o.status, `${path}.status`),
      errors: messages(o.errors, `${path}.errors`),
      warnings: d.list(d.string)(o.warnings, `${path}.warnings`),
      ...(o.investment_id !== undefined && {
        investment_id: count(o.investment_id, `${path}.investment_id`),
      }),
    };
  };
  const report = d.shape<ImportReport>({ rows: d.list(rowReport), counts });
  const batch = d.shape<ImportBatch>({
    id: count,
    portfolio_id: count,
    source: oneOf(IMPORT_SOURCES),
    file_name: d.orNull(d.string),
    created_at: d.string,
    events: count,
    counts,
  });
  /** The export's envelope is checked; its lists are kept as sent, for a file to save. */
  const exported: Decoder<FormueExport> = (value, path) => {
    const o = d.record(value, path);
    const head = d.record(o.formue, `${path}.formue`);
    if (head.format !== 'formue-export' || head.version !== 1)
      return d.fail(`${path}.formue`, 'a Formue export, version 1');
    for (const key of ['portfolios', 'investments', 'events', 'prices'])
      d.list(d.record)(o[key], `${path}.${key}`);
    return value as FormueExport;
  };
  return { report, batch, exported };
}

/** The report a refused commit (422) carries; undefined for another failure. */
function refusedReport(error: unknown, report: Decoder<ImportReport>) {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  try {
    return report(error.body, 'body');
  } catch {
    return undefined;
  }
}

export function createImportCalls(http: Http, d: ImportDecoders): ImportCalls {
  const { report, batch, exported } = decoders(d);
  return {
    dryRunImport: async (request: ImportRequest) =>
      report(await http.request('POST', '/imports?dry_run=1', { body: request }), 'body'),
    commitImport: async (request, options) => {
      try {
        const answer = await http.request('POST', '/imports', {
          body: request,
          headers: { 'Idempotency-Key': options.idempotencyKey },
        });
        return { committed: d.field(answer, 'data', batch) };
      } catch (error) {
        const refused = refusedReport(error, report);
        if (refused && error instanceof ApiError) return { refused, message: error.message };
        throw error;
      }
    },
    listImports: async () =>
      d.field(await http.request('GET', '/imports'), 'imports', d.list(batch)),
    undoImport: async (id: number) => {
      try {
        await http.request('DELETE', `/imports/${id}`);
        return { undone: true };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const body = d.record(error.body, 'body');
        return {
          undone: false,
          message: error.message,
          eventIds: d.list(count0)(body.event_ids, 'body.event_ids'),
        };
      }
    },
    exportData: async (format) =>
      format === 'csv'
        ? {
            format,
            text: d.string(await http.request('GET', '/export?format=csv', { text: true }), 'body'),
          }
        : { format, data: exported(await http.request('GET', '/export'), 'body') },
  };

  function count0(value: unknown, path: string): number {
    return d.number(value, path);
  }
}
