// The import flow (import.machine.ts) and its history (import-history.machine.ts), headless: the
// reader and the four calls are provided fakes, the data actor a recorder.
import { describe, expect, it, vi } from 'vitest';
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
import {
  ImportRefused,
  MAX_FILE_BYTES,
  PAGE_SIZE,
  pageOf,
  previewLines,
  readSplitRatio,
  statusCounts,
  UndoRefused,
} from '../../../src/machines/import/import-flow';
import { instrumentKey, instrumentsOf } from '../../../src/machines/import/import-instruments';
import {
  importHistoryMachine,
  undoQuestion,
} from '../../../src/machines/import/import-history.machine';
import { importMachine } from '../../../src/machines/import/import.machine';
import type { ImportReader } from '../../../src/machines/import/import-reader';
import {
  deferred,
  fakeApi,
  fakePlatform,
  fakeSession,
  flush,
  http,
  keyMaker,
  offline,
  recorder,
} from '../support';

const NORDNET = { id: 'nordnet-da', source: 'nordnet', label: 'Nordnet export' } as const;

function sniffed(overrides: Partial<Sniffed> = {}): Sniffed {
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

const row = (line: number, kind: ImportRow['kind'] = 'buy'): ImportRow => ({
  line,
  kind,
  date: `2024-03-0${line}`,
  instrument: { isin: 'DK0000000001', name: 'Eksempel Global Indeks' },
  shares: 10,
  share_price: 150.25,
  fee: 29,
  currency_code: 'DKK',
});

function parsed(overrides: Partial<ParseResult> = {}): ParseResult {
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

function report(statuses: Record<number, RowStatus> = {}): ImportReport {
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

const batch = (id: number, extra: Partial<ImportBatch> = {}): ImportBatch => ({
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

function start(
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

const sized = (bytes: number) => Object.defineProperty(new Blob(['x']), 'size', { value: bytes });

describe('choosing a file', () => {
  it('refuses an empty file before reading it', async () => {
    const { flow, reader, choose } = start();
    await choose(new Blob([]));
    expect(flow.getSnapshot().matches('choosing')).toBe(true);
    expect(flow.getSnapshot().context.problem).toEqual({ code: 'file.empty' });
    expect(reader.sniff).not.toHaveBeenCalled();
  });

  it('refuses a 50 MB file before reading it, with its size for the message', async () => {
    const { flow, reader, choose } = start();
    await choose(sized(50 * 1024 * 1024));
    expect(flow.getSnapshot().context).toMatchObject({
      problem: { code: 'file.too_large', params: { size: 50 * 1024 * 1024 } },
    });
    expect(reader.sniff).not.toHaveBeenCalled();
    await choose(sized(MAX_FILE_BYTES));
    expect(reader.sniff).toHaveBeenCalledTimes(1);
  });

  it.each(['file.binary', 'file.no_columns'] as const)(
    'says what the reader refused: %s',
    async (code) => {
      const { flow, reader, choose } = start();
      reader.sniff.mockResolvedValue(sniffed({ problem: { level: 'error', code } }));
      await choose();
      expect(flow.getSnapshot().matches('choosing')).toBe(true);
      expect(flow.getSnapshot().context.problem).toEqual({ level: 'error', code });
    },
  );

  it('a reader that fails calls the file unreadable', async () => {
    const { flow, reader, choose } = start();
    reader.sniff.mockRejectedValue(new Error('worker crashed'));
    await choose();
    expect(flow.getSnapshot().context.problem).toEqual({ code: 'file.unreadable' });
  });
});

describe('settings', () => {
  it('shows what was detected; an overridden setting is read with', async () => {
    const { flow, reader, choose, file } = start();
    await choose();
    expect(flow.getSnapshot().matches('settings')).toBe(true);
    expect(flow.getSnapshot().context.detection?.preset?.id).toBe('nordnet-da');
    flow.send({ type: 'settings.changed', settings: { decimalSeparator: '.' } });
    flow.send({ type: 'settings.changed', settings: { dateFormat: 'dd-MM-yyyy' } });
    flow.send({ type: 'settings.confirmed' });
    await flush();
    expect(reader.parse).toHaveBeenCalledWith(file, {
      fileName: 'transaktioner.csv',
      decimalSeparator: '.',
      dateFormat: 'dd-MM-yyyy',
      typeWords: {},
      splitRatios: {},
    });
  });
});

describe('mapping an unknown format', () => {
  const generic = (headers: string[]) =>
    sniffed({ preset: null, headers, columns: { date: headers[0] }, typeWords: {} });

  it('needs a date, a type and the instrument, and keeps the mapping for the next file', async () => {
    const { flow, reader, choose, platform } = start();
    reader.sniff.mockResolvedValue(generic(['Dag', 'Type', 'Navn', 'Valuta']));
    await choose();
    flow.send({ type: 'settings.confirmed' });
    expect(flow.getSnapshot().matches('mapping')).toBe(true);
    expect(flow.getSnapshot().context.columns).toEqual({ date: 'Dag' });
    flow.send({ type: 'column.mapped', field: 'type', column: 'Type' });
    flow.send({ type: 'mapping.confirmed' });
    expect(flow.getSnapshot().matches('mapping')).toBe(true);
    flow.send({ type: 'column.mapped', field: 'name', column: 'Navn' });
    flow.send({ type: 'column.mapped', field: 'currency', column: 'Valuta' });
    flow.send({ type: 'mapping.confirmed' });
    await flush();
    const columns = { date: 'Dag', type: 'Type', name: 'Navn', currency: 'Valuta' };
    expect(reader.parse.mock.calls[0][1]).toMatchObject({ preset: 'generic', columns });
    expect(flow.getSnapshot().matches('preview')).toBe(true);

    const next = start({ storage: Object.fromEntries(platform.storageData) });
    next.reader.sniff.mockResolvedValue(generic(['dag', 'type', 'navn', 'valuta ']));
    await next.choose();
    expect(next.flow.getSnapshot().context.columns).toEqual(columns);
  });
});

describe('unknown type words', () => {
  it('block the import until each is mapped or skipped, then the file is read again', async () => {
    const { flow, reader, calls, toPreview } = start();
    reader.parse.mockResolvedValueOnce(
      parsed({
        unknownTypes: [
          { word: 'SPLIT', count: 1 },
          { word: 'EMISSION', count: 2 },
        ],
      }),
    );
    await toPreview();
    expect(flow.getSnapshot().matches('words')).toBe(true);
    expect(calls.dryRun).not.toHaveBeenCalled();
    flow.send({ type: 'word.mapped', word: 'SPLIT', action: 'split' });
    flow.send({ type: 'words.confirmed' });
    expect(flow.getSnapshot().matches('words')).toBe(true);
    flow.send({ type: 'word.mapped', word: 'EMISSION', action: 'skip' });
    flow.send({ type: 'words.confirmed' });
    await flush();
    expect(reader.parse.mock.lastCall?.[1].typeWords).toEqual({ SPLIT: 'split', EMISSION: 'skip' });
    expect(flow.getSnapshot().matches('preview')).toBe(true);
  });
});

describe('the preview (dry run)', () => {
  it('checks every row against the first portfolio', async () => {
    const { flow, calls, toPreview } = start();
    await toPreview();
    expect(calls.dryRun).toHaveBeenCalledWith({
      portfolio_id: 7,
      source: 'nordnet',
      file_name: 'transaktioner.csv',
      rows: parsed().rows,
    });
    expect(flow.getSnapshot().matches('preview')).toBe(true);
    expect(flow.getSnapshot().context.report).toEqual(report());
  });

  it("checks a file of an account imported before against that account's portfolio, and sends the account", async () => {
    const depot = batch(5, { portfolio_id: 9, portfolio_name: 'Nordnet depot', account: '123' });
    const other = batch(4, { portfolio_id: 8, portfolio_name: 'Saxo', account: '456' });
    const { flow, calls, reader, toPreview } = start({
      portfolios: ['7', '8', '9'],
      batches: [depot, other],
    });
    reader.parse.mockResolvedValue(parsed({ account: '123' }));
    await flush();
    await toPreview();
    expect(calls.dryRun.mock.calls[0][0]).toMatchObject({ portfolio_id: 9, account: '123' });
    // The user's choice stays while the file is read again (with a split's ratio).
    flow.send({ type: 'target.chosen', target: { id: '7' } });
    await flush();
    flow.send({ type: 'ratio.entered', line: 2, ratio: '1:2' });
    await flush();
    expect(reader.parse).toHaveBeenCalledTimes(2);
    expect(calls.dryRun.mock.lastCall?.[0]).toMatchObject({ portfolio_id: 7, account: '123' });
  });

  it('an account whose portfolio is gone starts on the first portfolio', async () => {
    const gone = batch(5, { portfolio_id: 9, portfolio_name: null, account: '123' });
    const { calls, reader, toPreview } = start({ portfolios: ['7', '8'], batches: [gone] });
    reader.parse.mockResolvedValue(parsed({ account: '123' }));
    await flush();
    await toPreview();
    expect(calls.dryRun.mock.calls[0][0]).toMatchObject({ portfolio_id: 7 });
  });

  it('starts the dry run a task after the rows are read, so their first page is drawn first', async () => {
    const { flow, calls, reader, choose } = start();
    let read!: (result: ParseResult) => void;
    reader.parse.mockReturnValue(new Promise((resolve) => (read = resolve)));
    await choose();
    flow.send({ type: 'settings.confirmed' });
    read(parsed());
    await Promise.resolve();
    await Promise.resolve();
    expect(flow.getSnapshot().matches('checking')).toBe(true);
    expect(flow.getSnapshot().hasTag('busy')).toBe(true);
    expect(calls.dryRun).not.toHaveBeenCalled();
    await flush();
    expect(calls.dryRun).toHaveBeenCalledTimes(1);
  });

  it('without a portfolio, waits for one; a new one is checked by name', async () => {
    const { flow, calls, toPreview } = start({ portfolios: [] });
    await toPreview();
    expect(flow.getSnapshot().matches('preview')).toBe(true);
    expect(calls.dryRun).not.toHaveBeenCalled();
    flow.send({ type: 'import.submitted' });
    expect(flow.getSnapshot().matches('preview')).toBe(true);
    flow.send({ type: 'target.chosen', target: { name: ' Nordnet ' } });
    await flush();
    expect(calls.dryRun.mock.calls[0][0]).toMatchObject({ portfolio_name: 'Nordnet' });
  });

  it('a failed dry run says why; Retry asks again', async () => {
    const { flow, calls, toPreview } = start();
    calls.dryRun.mockRejectedValueOnce(offline());
    await toPreview();
    expect(flow.getSnapshot().matches('preview')).toBe(true);
    expect(flow.getSnapshot().context.failure).toMatch(/offline/);
    flow.send({ type: 'retry.requested' });
    await flush();
    expect(calls.dryRun).toHaveBeenCalledTimes(2);
    expect(flow.getSnapshot().context.failure).toBeUndefined();
  });

  it('a file whose rows are all invalid is refused, its preview kept to show why', async () => {
    const { flow, calls, toPreview } = start();
    calls.dryRun.mockResolvedValue(report({ 1: 'error', 2: 'error', 4: 'error' }));
    await toPreview();
    expect(flow.getSnapshot().matches('preview')).toBe(true);
    expect(flow.getSnapshot().context.report?.rows).toHaveLength(3);
    expect(flow.getSnapshot().context.problem).toEqual({ code: 'file.all_invalid' });
  });

  it('a file with no rows to read is refused', async () => {
    const { flow, reader, toPreview } = start();
    reader.parse.mockResolvedValue(parsed({ rows: [] }));
    await toPreview();
    expect(flow.getSnapshot().context.problem).toEqual({ code: 'file.no_rows' });
  });
});

describe('the preview, a page at a time', () => {
  const many = (n: number) => parsed({ rows: Array.from({ length: n }, (_, i) => row(i + 1)) });
  const lineNumbers = (lines: { line: number }[]) => lines.map((line) => line.line);

  it('shows 100 lines a page of all the lines, and counts every line', () => {
    const lines = previewLines(many(250), report({ 1: 'error', 2: 'error' }), []);
    const first = pageOf(lines, { filter: 'all', page: 0 });
    expect(first).toMatchObject({ from: 1, to: PAGE_SIZE, total: 251, page: 0, pages: 3 });
    expect(first.lines).toHaveLength(PAGE_SIZE);
    expect(pageOf(lines, { filter: 'all', page: 2 })).toMatchObject({ from: 201, to: 251 });
    expect(statusCounts(lines)).toEqual({
      all: 251,
      ok: 248,
      error: 2,
      warning: 0,
      duplicate: 0,
      skipped: 1,
    });
  });

  it('a filter shows the lines of one status; past the last page is the last page', () => {
    const lines = previewLines(many(250), report({ 1: 'error', 4: 'error' }), []);
    const errors = pageOf(lines, { filter: 'error', page: 5 });
    expect(lineNumbers(errors.lines)).toEqual([1, 4]);
    expect(errors).toMatchObject({ from: 1, to: 2, total: 2, page: 0, pages: 1 });
    expect(pageOf(lines, { filter: 'duplicate', page: 0 })).toMatchObject({
      lines: [],
      from: 0,
      to: 0,
      total: 0,
    });
  });

  it('pages and filters in the machine; a filter starts at its first page, a new file at all', async () => {
    const { flow, toPreview, choose } = start();
    await toPreview();
    expect(flow.getSnapshot().context.view).toEqual({ filter: 'all', page: 0 });
    flow.send({ type: 'preview.paged', page: 3 });
    expect(flow.getSnapshot().context.view).toEqual({ filter: 'all', page: 3 });
    flow.send({ type: 'preview.filtered', filter: 'skipped' });
    expect(flow.getSnapshot().context.view).toEqual({ filter: 'skipped', page: 0 });
    await choose();
    expect(flow.getSnapshot().context.view).toEqual({ filter: 'all', page: 0 });
  });
});

describe('a split without its ratio', () => {
  /** Line 5: a split the file gives no ratio for (the parser's error), beside three rows. */
  const withSplit = (ratio?: { from: number; to: number }) => {
    const base = parsed();
    return parsed({
      rows: [
        ...base.rows,
        { ...row(5, 'split'), ...(ratio && { split_from: ratio.from, split_to: ratio.to }) },
      ],
      lines: [
        ...base.lines,
        ratio
          ? { line: 5, status: 'ok' as const, messages: [] }
          : {
              line: 5,
              status: 'error' as const,
              messages: [
                {
                  level: 'error' as const,
                  code: 'split.ratio_missing' as const,
                  field: 'split_from',
                },
              ],
            },
      ],
    });
  };

  it.each([
    ['1:2', { from: 1, to: 2 }],
    [' 3 / 1 ', { from: 3, to: 1 }],
    ['1,5:3', { from: 1.5, to: 3 }],
  ])('reads %j as old:new shares', (text, ratio) => {
    expect(readSplitRatio(text)).toEqual(ratio);
  });

  it.each(['', '2', '0:1', '1:-2', 'a:b', '1:2:3'])('does not read %j', (text) => {
    expect(readSplitRatio(text)).toBeUndefined();
  });

  it('blocks the import until a ratio is given; the file is then read again with it', async () => {
    const { flow, reader, toPreview, file } = start();
    reader.parse
      .mockResolvedValueOnce(withSplit())
      .mockResolvedValueOnce(withSplit({ from: 1, to: 2 }));
    await toPreview();
    expect(flow.getSnapshot().can({ type: 'import.submitted' })).toBe(false);
    flow.send({ type: 'ratio.entered', line: 5, ratio: 'two' });
    expect(flow.getSnapshot().context.badRatio).toBe(5);
    expect(reader.parse).toHaveBeenCalledTimes(1);
    flow.send({ type: 'ratio.entered', line: 5, ratio: '1:2' });
    await flush();
    expect(reader.parse).toHaveBeenLastCalledWith(
      file,
      expect.objectContaining({ splitRatios: { 5: { from: 1, to: 2 } } }),
    );
    expect(flow.getSnapshot().context.badRatio).toBeUndefined();
    expect(flow.getSnapshot().can({ type: 'import.submitted' })).toBe(true);
  });

  it('a split skipped no longer blocks: the other rows import without it', async () => {
    const { flow, reader, calls, toPreview } = start();
    reader.parse.mockResolvedValue(withSplit());
    await toPreview();
    flow.send({ type: 'split.skipped', line: 5 });
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(calls.commit.mock.calls[0][0].rows.map((each) => each.line)).toEqual([1, 2, 4]);
  });
});

describe('matching instruments', () => {
  const apple: ImportRow = {
    ...row(4, 'dividend'),
    instrument: { isin: 'US0378331005', name: 'Apple' },
  };
  const rows = [row(1), row(2), apple];
  const matched = (): ImportReport => ({
    ...report(),
    rows: report().rows.map((each) => (each.line === 4 ? each : { ...each, investment_id: 31 })),
  });

  it("lists the file's instruments with their rows and the dry run's match", () => {
    expect(instrumentsOf(rows, matched())).toEqual([
      {
        key: instrumentKey(row(1)),
        isin: 'DK0000000001',
        symbol: undefined,
        name: 'Eksempel Global Indeks',
        type: 'stock',
        rows: 2,
        matched: '31',
      },
      {
        key: instrumentKey(apple),
        isin: 'US0378331005',
        symbol: undefined,
        name: 'Apple',
        type: 'stock',
        rows: 1,
      },
    ]);
  });

  it("sends the user's choice with the instrument's rows to the dry run and the commit", async () => {
    const { flow, calls, reader, toPreview } = start();
    reader.parse.mockResolvedValue(parsed({ rows }));
    calls.dryRun.mockResolvedValue(matched());
    await toPreview();
    flow.send({ type: 'instrument.matched', instrument: instrumentKey(row(1)), match: 'new' });
    flow.send({ type: 'instrument.matched', instrument: instrumentKey(apple), match: '32' });
    await flush();
    const chosen = [
      { ...row(1), investment_id: null },
      { ...row(2), investment_id: null },
      { ...apple, investment_id: 32 },
    ];
    // The second choice came before the first one's dry run started: one dry run for both.
    expect(calls.dryRun).toHaveBeenCalledTimes(2);
    expect(calls.dryRun.mock.calls[1][0].rows).toEqual(chosen);
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(calls.commit.mock.calls[0][0].rows).toEqual(chosen);
  });

  it("another portfolio starts from the server's matches again", async () => {
    const { flow, calls, reader, toPreview } = start({ portfolios: ['7', '8'] });
    reader.parse.mockResolvedValue(parsed({ rows }));
    await toPreview();
    flow.send({ type: 'instrument.matched', instrument: instrumentKey(apple), match: '32' });
    await flush();
    flow.send({ type: 'target.chosen', target: { id: '8' } });
    await flush();
    expect(calls.dryRun.mock.calls.at(-1)![0]).toEqual({
      portfolio_id: 8,
      source: 'nordnet',
      file_name: 'transaktioner.csv',
      rows,
    });
  });
});

describe('importing', () => {
  it('sends the rows that passed, not duplicates until ticked (forced)', async () => {
    const { flow, calls, toPreview } = start();
    calls.dryRun.mockResolvedValue(report({ 2: 'duplicate', 4: 'error' }));
    await toPreview();
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(calls.commit.mock.calls[0][0].rows).toEqual([row(1)]);

    const again = start();
    again.calls.dryRun.mockResolvedValue(report({ 2: 'duplicate' }));
    await again.toPreview();
    again.flow.send({ type: 'duplicate.toggled', line: 2 });
    again.flow.send({ type: 'import.submitted' });
    await flush();
    expect(again.calls.commit.mock.calls[0][0].rows).toEqual([
      row(1),
      { ...row(2), force: true },
      row(4, 'dividend'),
    ]);
  });

  it('shows the batch, tells data that everything is stale, and lists it', async () => {
    const { flow, calls, data, toPreview, history } = start();
    await toPreview();
    calls.listImports.mockResolvedValue([batch(11)]);
    flow.send({ type: 'import.submitted' });
    expect(flow.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(flow.getSnapshot().matches('done')).toBe(true);
    expect(flow.getSnapshot().context.batch).toEqual(batch(11));
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'import.committed' }]);
    expect(history().context.batches).toEqual([batch(11)]);
  });

  it('a refused commit (422) shows its report and writes nothing', async () => {
    const { flow, calls, data, toPreview } = start();
    await toPreview();
    calls.commit.mockRejectedValue(new ImportRefused(report({ 1: 'error' })));
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(flow.getSnapshot().matches('preview')).toBe(true);
    expect(flow.getSnapshot().context.report).toEqual(report({ 1: 'error' }));
    expect(data.events()).toEqual([]);
  });

  it('a commit with no answer is sent again with the same Idempotency-Key', async () => {
    const { flow, calls, toPreview } = start();
    await toPreview();
    calls.commit.mockRejectedValueOnce(offline()).mockRejectedValueOnce(http(500));
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(flow.getSnapshot().context.failure).toMatch(/offline/);
    flow.send({ type: 'import.submitted' });
    await flush();
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(calls.commit.mock.calls.map(([, key]) => key)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(flow.getSnapshot().matches('done')).toBe(true);
  });

  it('a final refusal (422) gets a new key next time', async () => {
    const { flow, calls, toPreview } = start();
    await toPreview();
    calls.commit.mockRejectedValueOnce(new ImportRefused(report()));
    flow.send({ type: 'import.submitted' });
    await flush();
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(calls.commit.mock.calls.map(([, key]) => key)).toEqual(['key-1', 'key-2']);
  });

  it('a lost session waits for the login, then sends the same key again', async () => {
    const { flow, calls, session, toPreview } = start();
    await toPreview();
    calls.commit.mockRejectedValueOnce(http(401));
    flow.send({ type: 'import.submitted' });
    await flush();
    expect(flow.getSnapshot().matches('awaitingSession')).toBe(true);
    expect(flow.getSnapshot().hasTag('submitting')).toBe(true);
    session.restore();
    await flush();
    expect(calls.commit.mock.calls.map(([, key]) => key)).toEqual(['key-1', 'key-1']);
    expect(flow.getSnapshot().matches('done')).toBe(true);
  });

  it('leaving the screen mid-commit still announces the import', async () => {
    const { flow, calls, data, toPreview } = start();
    await toPreview();
    const answer = deferred<ImportBatch>();
    calls.commit.mockReturnValue(answer.promise);
    flow.send({ type: 'import.submitted' });
    flow.send({ type: 'flow.detached' });
    answer.resolve(batch(11));
    await flush();
    expect(data.types()).toEqual(['data.changed']);
    expect(flow.getSnapshot().status).toBe('done');
  });

  it('leaving an idle screen ends the flow', () => {
    const { flow } = start();
    flow.send({ type: 'flow.detached' });
    expect(flow.getSnapshot().status).toBe('done');
  });

  it('another file starts over', async () => {
    const { flow, toPreview, choose } = start();
    await toPreview();
    flow.send({ type: 'import.restarted' });
    expect(flow.getSnapshot().matches('choosing')).toBe(true);
    expect(flow.getSnapshot().context.parsed).toBeUndefined();
    await choose();
    expect(flow.getSnapshot().matches('settings')).toBe(true);
  });
});

describe('the history and Undo', () => {
  it('lists the batches; Undo asks first, then removes one, tells data, confirms it and reads the list again', async () => {
    const { flow, calls, data, notices, history } = start({ batches: [batch(11)] });
    await flush();
    expect(history().context.batches).toEqual([batch(11)]);
    calls.listImports.mockResolvedValue([]);
    flow.send({ type: 'batch.undone', id: 11 });
    await flush();
    expect(history().hasTag('confirming')).toBe(true);
    expect(calls.undo).not.toHaveBeenCalled();
    flow.send({ type: 'undo.confirmed' });
    await flush();
    expect(calls.undo).toHaveBeenCalledWith(11);
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'import.undone' }]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Import undone: 3 events removed.' } },
    ]);
    expect(history().context.undone).toEqual([11]);
    expect(calls.listImports).toHaveBeenCalledTimes(2);
  });

  it('Cancel keeps the batch and sends nothing', async () => {
    const { flow, calls, notices, history } = start({ batches: [batch(11)] });
    await flush();
    flow.send({ type: 'batch.undone', id: 11 });
    flow.send({ type: 'undo.cancelled' });
    await flush();
    expect(history().matches('listed')).toBe(true);
    expect(history().context.undoing).toBeUndefined();
    expect(calls.undo).not.toHaveBeenCalled();
    expect(notices.events()).toEqual([]);
  });

  it('the question names the events and the portfolios that go with them', () => {
    expect(undoQuestion(batch(11, { events: 34 }))).toBe('Remove 34 events?');
    expect(undoQuestion(batch(11, { events: 1 }))).toBe('Remove 1 event?');
    expect(undoQuestion(batch(11, { events: 34, removes_portfolios: ['Nordnet depot'] }))).toBe(
      'Remove 34 events and the portfolio Nordnet depot?',
    );
    expect(undoQuestion(batch(11, { events: 2, removes_portfolios: ['A', 'B'] }))).toBe(
      'Remove 2 events and the portfolios A, B?',
    );
  });

  it('an Undo refused (409) lists the events edited since, and changes nothing', async () => {
    const { flow, calls, data, history } = start({ batches: [batch(11)] });
    await flush();
    calls.undo.mockRejectedValue(new UndoRefused([31, 32]));
    flow.send({ type: 'batch.undone', id: 11 });
    flow.send({ type: 'undo.confirmed' });
    await flush();
    expect(history().context.refused).toEqual({ id: 11, edited: [31, 32] });
    expect(history().matches('listed')).toBe(true);
    expect(data.events()).toEqual([]);
  });

  it('a failed list says why', async () => {
    const { history } = start({ listFails: true });
    await flush();
    expect(history().context.failure).toMatch(/offline/);
  });
});
