import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { flowDeps } from '../../machines/app/app.machine';
import { exportMachine, type ExportFile, type ExportFormat } from '../../machines/profile';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

/** Saves the answer as a file: a Blob behind a link clicked once, then let go. */
function download(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; a revoke in the same task may cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
