// The import flow's machine tests' fakes: a sniffed file, parsed rows, a report and a batch, and
// the flow started with the reader and the four calls provided.
import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../../src/api';
import type {
  ImportBatch,
  ImportReport,
  ImportRequest,
  ImportRow,
  ParseResult,
  RowStatus,
  Sniffed,
} from '../../../src/domain/import';
import { importHistoryMachine } from '../../../src/machines/import/import-history.machine';
import { importMachine } from '../../../src/machines/import/import.machine';
import type { ImportReader } from '../../../src/machines/import/import-reader';
import { fakeApi, fakePlatform, fakeSession, flush, keyMaker, offline, recorder } from '../support';

const NORDNET = { id: 'nordnet-da', source: 'nordnet', label: 'Nordnet export' } as const;

export function sniffed(overrides: Partial<Sniffed> = {}): Sniffed {
  return {
    fileName: 'transaktioner.csv',
    kind: 'csv',
    encoding: 'utf-16le',
    separator: '\t',
    headerRow: 0,
    headers: ['Id', 'Bogføringsdag', 'Transaktionstype'],
    preset: NORDNET,
    rowCount: 4,
    dateSpan: { from: '2016-01-04', to: '2026-03-02' },
    decimalSeparator: { value: ',', samples: ['150,25'] },
    thousandsSeparator: { value: '.', samples: ['-1.531,50'] },
    dateFormat: { value: 'yyyy-MM-dd', samples: ['2024-03-04'] },
    numberColumns: [],
    columns: { date: 'Bogføringsdag', type: 'Transaktionstype' },
    typeWords: { KØBT: 'buy' },
    typeValues: [{ word: 'KØBT', count: 3 }],
    preview: [],
    ...overrides,
  };
}

export const row = (line: number, kind: ImportRow['kind'] = 'buy'): ImportRow => ({
  line,
  kind,
  date: `2024-03-0${line}`,
  instrument: { isin: 'DK0000000001', name: 'Eksempel Global Indeks' },
  shares: 10,
  share_price: 150.25,
  fee: 29,
  currency_code: 'DKK',
});

export function parsed(overrides: Partial<ParseResult> = {}): ParseResult {
  const rows = overrides.rows ?? [row(1), row(2), row(4, 'dividend')];
  return {
    source: 'nordnet',
    preset: NORDNET,
    rows,
    lines: [
      ...rows.map((each) => ({
        line: each.line,
        status: 'ok' as const,
        messages: [],
      })),
      {
        line: 3,
        status: 'skipped',
        reason: 'cancelled',
        messages: [{ level: 'info', code: 'row.cancelled' }],
      },
    ],
    unknownTypes: [],
    blocked: false,
    totals: [],
    reconciliation: [],
    balances: [],
    decimalSeparator: ',',
    dateFormat: 'yyyy-MM-dd',
    account: null,
    ...overrides,
  };
}

export function report(statuses: Record<number, RowStatus> = {}): ImportReport {
  const lines = [1, 2, 4];
  return {
    rows: lines.map((line) => {
      const errors: Record<string, string[]> =
        statuses[line] === 'error' ? { shares: ['Must be positive.'] } : {};
      return { line, status: statuses[line] ?? 'ok', errors, warnings: [] };
    }),
    counts: { imported: 3, duplicates: 0, skipped: 1, errors: 0 },
  };
}

export const batch = (id: number, extra: Partial<ImportBatch> = {}): ImportBatch => ({
  id,
  portfolio_id: 7,
  portfolio_name: 'Aktier',
  source: 'nordnet',
  file_name: 'transaktioner.csv',
  account: null,
  created_at: '2026-11-27T09:00:00Z',
  events: 3,
  counts: { imported: 3, duplicates: 0, skipped: 1, errors: 0 },
  removes_portfolios: [],
  ...extra,
});

export function start(
  options: {
    portfolios?: string[];
    storage?: Record<string, string>;
    listFails?: boolean;
    batches?: ImportBatch[];
  } = {},
) {
  const api = fakeApi();
  const data = recorder();
  const notices = recorder();
  const session = fakeSession();
  const platform = fakePlatform({ storage: options.storage });
  const reader = {
    sniff: vi.fn<ImportReader['sniff']>(() => Promise.resolve(sniffed())),
    parse: vi.fn<ImportReader['parse']>(() => Promise.resolve(parsed())),
  };
  const calls = {
    dryRun: vi.fn((_: ImportRequest) => Promise.resolve(report())),
    commit: vi.fn((_: ImportRequest, _key: string) => Promise.resolve(batch(11))),
    listImports: vi.fn(() =>
      options.listFails
        ? Promise.reject(offline())
        : Promise.resolve<ImportBatch[]>(options.batches ?? []),
    ),
    undo: vi.fn((_: number) => Promise.resolve()),
  };
  const actors = {
    dryRun: fromPromise<ImportReport, { api: Api; request: ImportRequest }>(({ input }) =>
      calls.dryRun(input.request),
    ),
    commit: fromPromise<ImportBatch, { api: Api; request: ImportRequest; idempotencyKey: string }>(
      ({ input }) => calls.commit(input.request, input.idempotencyKey),
    ),
    listImports: fromPromise<ImportBatch[], { api: Api }>(() => calls.listImports()),
    undo: fromPromise<void, { api: Api; id: number }>(({ input }) => calls.undo(input.id)),
  };
  const ids = options.portfolios ?? ['7'];
  const machine = importMachine.provide({
    actors: {
      ...actors,
      history: importHistoryMachine.provide({ actors }),
      watchPortfolios: fromCallback(({ sendBack }) => {
        sendBack({ type: 'portfolios.listed', ids });
      }),
    },
  });
  const flow = createActor(machine, {
    input: {
      api,
      data: data.ref,
      session: session.session,
      notices: notices.ref,
      reader,
      storage: platform.storage,
      newKey: keyMaker(),
    },
  }).start();
  const file = new Blob(['Id\tBogføringsdag']);
  const choose = async (chosen: Blob = file) => {
    flow.send({ type: 'file.chosen', file: chosen, name: 'transaktioner.csv' });
    await flush();
  };
  /** From a chosen file to the preview of a recognised one. */
  const toPreview = async () => {
    await choose();
    flow.send({ type: 'settings.confirmed' });
    await flush();
  };
  const history = () => flow.getSnapshot().context.history.getSnapshot();
  return {
    ...{ api, data, notices, session, platform, reader, calls },
    ...{ flow, file, choose, toPreview, history },
  };
}
