// The import flow (import.machine.ts) and its history (import-history.machine.ts), headless: the
// reader and the four calls are provided fakes, the data actor a recorder.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../src/api';
import type {
  ImportBatch,
  ImportReport,
  ImportRequest,
  ImportRow,
  RowStatus,
} from '../../src/domain/import/rows';
import { ImportRefused, MAX_FILE_BYTES, UndoRefused } from '../../src/machines/import-flow';
import { importHistoryMachine } from '../../src/machines/import-history.machine';
import { importMachine } from '../../src/machines/import.machine';
import type { Detection, ImportReader, Parsed } from '../../src/machines/import-reader';
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
} from './support';

const setting = (value: string) => ({ value, options: [value], samples: [] });

function detection(overrides: Partial<Detection> = {}): Detection {
  return {
    source: 'nordnet',
    recognised: true,
    rows: 3,
    years: { first: 2016, last: 2026 },
    settings: {
      encoding: setting('utf-16le'),
      separator: setting('\t'),
      decimal: setting(','),
      dateFormat: setting('yyyy-MM-dd'),
    },
    columns: ['Id', 'Bogføringsdag', 'Transaktionstype'],
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

function parsed(overrides: Partial<Parsed> = {}): Parsed {
  return {
    rows: [row(1), row(2), row(4, 'dividend')],
    lines: [{ line: 3, status: 'skipped', errors: { row: ['Cancelled.'] }, cells: [] }],
    unknownWords: [],
    reconciliation: [],
    ...overrides,
  };
}

function report(statuses: Record<number, RowStatus> = {}): ImportReport {
  const lines = [1, 2, 4];
  return {
    rows: lines.map((line) => ({
      line,
      status: statuses[line] ?? 'ok',
      errors: statuses[line] === 'error' ? { shares: ['Must be positive.'] } : {},
      warnings: [],
    })),
    counts: { imported: 3, duplicates: 0, skipped: 1, errors: 0 },
  };
}

const batch = (id: number): ImportBatch => ({
  id,
  portfolio_id: 7,
  source: 'nordnet',
  file_name: 'transaktioner.csv',
  created_at: '2026-11-27T09:00:00Z',
  events: 3,
  counts: { imported: 3, duplicates: 0, skipped: 1, errors: 0 },
});

function start(
  options: { portfolios?: string[]; storage?: Record<string, string>; listFails?: boolean } = {},
) {
  const api = fakeApi();
  const data = recorder();
  const session = fakeSession();
  const platform = fakePlatform({ storage: options.storage });
  const reader = {
    sniff: vi.fn<ImportReader['sniff']>(() => Promise.resolve({ detection: detection() })),
    parse: vi.fn<ImportReader['parse']>(() => Promise.resolve(parsed())),
  };
  const calls = {
    dryRun: vi.fn((_: ImportRequest) => Promise.resolve(report())),
    commit: vi.fn((_: ImportRequest, _key: string) => Promise.resolve(batch(11))),
    listImports: vi.fn(() =>
      options.listFails ? Promise.reject(offline()) : Promise.resolve<ImportBatch[]>([]),
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
  return { api, data, session, platform, reader, calls, flow, file, choose, toPreview, history };
}

const sized = (bytes: number) => Object.defineProperty(new Blob(['x']), 'size', { value: bytes });

describe('choosing a file', () => {
  it('refuses an empty file before reading it', async () => {
    const { flow, reader, choose } = start();
    await choose(new Blob([]));
    expect(flow.getSnapshot().matches('choosing')).toBe(true);
    expect(flow.getSnapshot().context.problem).toBe('empty');
    expect(reader.sniff).not.toHaveBeenCalled();
  });

  it('refuses a 50 MB file before reading it, with its size for the message', async () => {
    const { flow, reader, choose } = start();
    await choose(sized(50 * 1024 * 1024));
    expect(flow.getSnapshot().context).toMatchObject({
      problem: 'tooLarge',
      refusedBytes: 50 * 1024 * 1024,
    });
    expect(reader.sniff).not.toHaveBeenCalled();
    await choose(sized(MAX_FILE_BYTES));
    expect(reader.sniff).toHaveBeenCalledTimes(1);
  });

  it.each(['binary', 'noColumns'] as const)('says what the reader refused: %s', async (problem) => {
    const { flow, reader, choose } = start();
    reader.sniff.mockResolvedValue({ problem });
    await choose();
    expect(flow.getSnapshot().matches('choosing')).toBe(true);
    expect(flow.getSnapshot().context.problem).toBe(problem);
  });

  it('a reader that fails calls the file unreadable', async () => {
    const { flow, reader, choose } = start();
    reader.sniff.mockRejectedValue(new Error('worker crashed'));
    await choose();
    expect(flow.getSnapshot().context.problem).toBe('unreadable');
  });
});

describe('settings', () => {
  it('shows what was detected; a changed setting reads the file again with it', async () => {
    const { flow, reader, choose, file } = start();
    await choose();
    expect(flow.getSnapshot().matches('settings')).toBe(true);
    expect(flow.getSnapshot().context.detection?.source).toBe('nordnet');
    flow.send({ type: 'setting.changed', key: 'decimal', value: '.' });
    await flush();
    expect(reader.sniff).toHaveBeenLastCalledWith(file, { decimal: '.' });
    flow.send({ type: 'settings.confirmed' });
    await flush();
    expect(reader.parse).toHaveBeenCalledWith(
      file,
      { encoding: 'utf-16le', separator: '\t', decimal: '.', dateFormat: 'yyyy-MM-dd' },
      { columns: undefined, words: {} },
    );
  });
});

describe('mapping an unknown format', () => {
  it('needs date, type, name and currency mapped, and keeps the mapping for the next file', async () => {
    const { flow, reader, choose, platform } = start();
    reader.sniff.mockResolvedValue({
      detection: detection({ source: 'generic', recognised: false, columns: ['D', 'T', 'N', 'C'] }),
    });
    await choose();
    flow.send({ type: 'settings.confirmed' });
    expect(flow.getSnapshot().matches('mapping')).toBe(true);
    flow.send({ type: 'column.mapped', field: 'date', column: 0 });
    flow.send({ type: 'column.mapped', field: 'kind', column: 1 });
    flow.send({ type: 'column.mapped', field: 'name', column: 2 });
    flow.send({ type: 'mapping.confirmed' });
    expect(flow.getSnapshot().matches('mapping')).toBe(true);
    flow.send({ type: 'column.mapped', field: 'currency_code', column: 3 });
    flow.send({ type: 'mapping.confirmed' });
    await flush();
    const columns = { date: 0, kind: 1, name: 2, currency_code: 3 };
    expect(reader.parse.mock.calls[0][2]).toEqual({ columns, words: {} });
    expect(flow.getSnapshot().matches('preview')).toBe(true);

    const next = start({ storage: Object.fromEntries(platform.storageData) });
    next.reader.sniff.mockResolvedValue({
      detection: detection({ source: 'generic', recognised: false, columns: ['d', 't', 'n', 'c'] }),
    });
    await next.choose();
    expect(next.flow.getSnapshot().context.columns).toEqual(columns);
  });
});

describe('unknown type words', () => {
  it('block the import until each is mapped or skipped, then the file is read again', async () => {
    const { flow, reader, calls, toPreview } = start();
    reader.parse.mockResolvedValueOnce(
      parsed({
        unknownWords: [
          { word: 'SPLIT', count: 1 },
          { word: 'EMISSION', count: 2 },
        ],
      }),
    );
    await toPreview();
    expect(flow.getSnapshot().matches('words')).toBe(true);
    expect(calls.dryRun).not.toHaveBeenCalled();
    flow.send({ type: 'word.mapped', word: 'SPLIT', choice: 'split' });
    flow.send({ type: 'words.confirmed' });
    expect(flow.getSnapshot().matches('words')).toBe(true);
    flow.send({ type: 'word.mapped', word: 'EMISSION', choice: 'skip' });
    flow.send({ type: 'words.confirmed' });
    await flush();
    expect(reader.parse).toHaveBeenLastCalledWith(expect.anything(), expect.anything(), {
      columns: undefined,
      words: { SPLIT: 'split', EMISSION: 'skip' },
    });
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

  it('a file whose rows are all invalid is refused', async () => {
    const { flow, calls, toPreview } = start();
    calls.dryRun.mockResolvedValue(report({ 1: 'error', 2: 'error', 4: 'error' }));
    await toPreview();
    expect(flow.getSnapshot().matches('choosing')).toBe(true);
    expect(flow.getSnapshot().context.problem).toBe('allInvalid');
  });

  it('a file with no rows to read is refused', async () => {
    const { flow, reader, toPreview } = start();
    reader.parse.mockResolvedValue(parsed({ rows: [] }));
    await toPreview();
    expect(flow.getSnapshot().context.problem).toBe('noRows');
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
  it('lists the batches; Undo removes one, tells data, and reads the list again', async () => {
    const { flow, calls, data, history } = start();
    calls.listImports.mockResolvedValue([batch(11)]);
    await flush();
    expect(history().context.batches).toEqual([]);
    flow.send({ type: 'batch.undone', id: 11 });
    await flush();
    expect(calls.undo).toHaveBeenCalledWith(11);
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'import.undone' }]);
    expect(history().context.undone).toEqual([11]);
    expect(calls.listImports).toHaveBeenCalledTimes(2);
  });

  it('an Undo refused (409) lists the events edited since, and changes nothing', async () => {
    const { flow, calls, data, history } = start();
    await flush();
    calls.undo.mockRejectedValue(new UndoRefused([31, 32]));
    flow.send({ type: 'batch.undone', id: 11 });
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
