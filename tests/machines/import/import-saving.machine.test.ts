// The import flow (import.machine.ts) from matching instruments to the saved import, and its
// history with Undo (import-history.machine.ts), headless: the calls are fakes, the data actor a
// recorder.
import { describe, expect, it } from 'vitest';
import type { ImportBatch, ImportReport, ImportRow } from '../../../src/domain/import';
import { ImportRefused, UndoRefused } from '../../../src/machines/import/import-flow';
import { instrumentKey, instrumentsOf } from '../../../src/machines/import/import-instruments';
import { undoQuestion } from '../../../src/machines/import/import-history.machine';
import { deferred, flush, http, offline } from '../support';
import { batch, parsed, report, row, start } from './support';

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
