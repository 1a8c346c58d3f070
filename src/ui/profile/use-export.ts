import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { flowDeps } from '../../machines/app/app.machine';
import { exportMachine, type ExportFormat } from '../../machines/profile';
import { download } from '../components/download';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

/** Profile → Export: everything as Formue's JSON or CSV, downloaded. */
export function useExport() {
  const app = useAppActor();
  const { api, session } = flowDeps(app);
  const actor = useFlow(exportMachine, { api, session, download });
  const exporting = useSelector(actor, (s) =>
    s.hasTag('exporting') ? s.context.format : undefined,
  );
  const failure = useSelector(actor, (s) => s.context.failure);
  const request = useCallback(
    (format: ExportFormat) => actor.send({ type: 'export.requested', format }),
    [actor],
  );
  return { exporting, failure, request };
}
