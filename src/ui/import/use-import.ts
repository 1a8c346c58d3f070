import { useCallback, useMemo } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ImportField, TypeAction } from '../../domain/import';
import { flowDeps } from '../../machines/app/app.machine';
import {
  pageOf,
  previewLines,
  ratiosMissing,
  rowsToImport,
  statusCounts,
  type LineFilter,
  type Target,
  instrumentsOf,
  type Match,
  importMachine,
  type ImportEvent,
  type FileSettings,
} from '../../machines/import';
import { browserReader } from './import-worker';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

const STEPS = ['choosing', 'sniffing', 'settings', 'mapping', 'parsing', 'words'] as const;
type Step = (typeof STEPS)[number] | 'preview' | 'done';

/** The /import flow: its step, what was read, the preview and the intentions of each step. */
export function useImport() {
  const app = useAppActor();
  const { api, data, session, platform, notices } = flowDeps(app);
  const actor = useFlow(importMachine, {
    api,
    data,
    session,
    notices,
    reader: browserReader,
    storage: platform.storage,
  });
  const step = useSelector(actor, (s): Step => {
    const found = STEPS.find((each) => s.matches(each));
    if (found) return found;
    return s.matches('done') ? 'done' : 'preview';
  });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const problem = useSelector(actor, (s) => s.context.problem);
  const fileName = useSelector(actor, (s) => s.context.fileName);
  const detection = useSelector(actor, (s) => s.context.detection);
  const overrides = useSelector(actor, (s) => s.context.overrides);
  const columns = useSelector(actor, (s) => s.context.columns, shallowEqual);
  const words = useSelector(actor, (s) => s.context.words, shallowEqual);
  const parsed = useSelector(actor, (s) => s.context.parsed);
  const report = useSelector(actor, (s) => s.context.report);
  const forced = useSelector(actor, (s) => s.context.forced);
  const view = useSelector(actor, (s) => s.context.view);
  const badRatio = useSelector(actor, (s) => s.context.badRatio);
  const skippedSplits = useSelector(actor, (s) => s.context.skippedSplits);
  const target = useSelector(actor, (s) => s.context.target);
  const failure = useSelector(actor, (s) => s.context.failure);
  const batch = useSelector(actor, (s) => s.context.batch);
  const matches = useSelector(actor, (s) => s.context.matches);
  const canImport = useSelector(actor, (s) => s.can({ type: 'import.submitted' }));
  const lines = useMemo(
    () => (parsed ? previewLines(parsed, report, forced) : []),
    [parsed, report, forced],
  );
  const count = useMemo(() => rowsToImport(lines).length, [lines]);
  const instruments = useMemo(
    () => (parsed ? instrumentsOf(parsed.rows, report) : []),
    [parsed, report],
  );
  const counts = useMemo(() => statusCounts(lines), [lines]);
  const page = useMemo(() => pageOf(lines, view), [lines, view]);
  const missingRatios = useMemo(() => ratiosMissing(lines, skippedSplits), [lines, skippedSplits]);
  const send = useCallback((event: ImportEvent) => actor.send(event), [actor]);
  return {
    step,
    busy,
    submitting,
    problem,
    fileName,
    detection,
    overrides,
    columns,
    words,
    parsed,
    checked: report !== undefined,
    counts,
    badRatio,
    skippedSplits,
    missingRatios,
    filter: view.filter,
    page,
    count,
    target,
    instruments,
    matches,
    failure,
    batch,
    canImport,
    history: actor.getSnapshot().context.history,
    choose: useCallback(
      (file: Blob, name: string) => send({ type: 'file.chosen', file, name }),
      [send],
    ),
    restart: useCallback(() => send({ type: 'import.restarted' }), [send]),
    changeSettings: useCallback(
      (settings: FileSettings) => send({ type: 'settings.changed', settings }),
      [send],
    ),
    confirmSettings: useCallback(() => send({ type: 'settings.confirmed' }), [send]),
    mapColumn: useCallback(
      (field: ImportField, column: string | undefined) =>
        send({ type: 'column.mapped', field, column }),
      [send],
    ),
    confirmMapping: useCallback(() => send({ type: 'mapping.confirmed' }), [send]),
    mapWord: useCallback(
      (word: string, action: TypeAction) => send({ type: 'word.mapped', word, action }),
      [send],
    ),
    confirmWords: useCallback(() => send({ type: 'words.confirmed' }), [send]),
    chooseTarget: useCallback(
      (next: Target) => send({ type: 'target.chosen', target: next }),
      [send],
    ),
    matchInstrument: useCallback(
      (instrument: string, match: Match) => send({ type: 'instrument.matched', instrument, match }),
      [send],
    ),
    toggleDuplicate: useCallback(
      (line: number) => send({ type: 'duplicate.toggled', line }),
      [send],
    ),
    enterRatio: useCallback(
      (line: number, ratio: string) => send({ type: 'ratio.entered', line, ratio }),
      [send],
    ),
    skipSplit: useCallback((line: number) => send({ type: 'split.skipped', line }), [send]),
    showStatus: useCallback(
      (filter: LineFilter) => send({ type: 'preview.filtered', filter }),
      [send],
    ),
    showPage: useCallback((index: number) => send({ type: 'preview.paged', page: index }), [send]),
    submit: useCallback(() => send({ type: 'import.submitted' }), [send]),
    retry: useCallback(() => send({ type: 'retry.requested' }), [send]),
    undo: useCallback((id: number) => send({ type: 'batch.undone', id }), [send]),
    confirmUndo: useCallback(() => send({ type: 'undo.confirmed' }), [send]),
    cancelUndo: useCallback(() => send({ type: 'undo.cancelled' }), [send]),
  };
}
