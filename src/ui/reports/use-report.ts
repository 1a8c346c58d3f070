import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { flowDeps } from '../../machines/app/app.machine';
import { reportMachine } from '../../machines/reports';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';
import { download } from '../components/download';

/** The year report of `year`: its figures, the settings, and the intentions on them. */
export function useReport(year: number) {
  const app = useAppActor();
  const { api, session } = flowDeps(app);
  const actor = useFlow(reportMachine, { api, session, year, download });
  const report = useSelector(actor, (s) => s.context.report);
  const married = useSelector(actor, (s) => s.context.settings?.married ?? false);
  const failure = useSelector(actor, (s) => s.context.failure);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const downloading = useSelector(actor, (s) => s.hasTag('downloading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const downloadCsv = useCallback(() => actor.send({ type: 'csv.requested' }), [actor]);
  const setMarried = useCallback(
    (next: boolean) => actor.send({ type: 'married.set', married: next }),
    [actor],
  );
  const retry = useCallback(() => actor.send({ type: 'retry' }), [actor]);
  return {
    report,
    married,
    failure,
    loading,
    failed,
    downloading,
    saving,
    downloadCsv,
    setMarried,
    retry,
  };
}
