import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { importHistoryMachine } from '../../machines/import-history.machine';

/** The import history the import flow holds: its batches, and the last Undo's outcome. */
export function useImportHistory(actor: ActorRefFrom<typeof importHistoryMachine>) {
  const batches = useSelector(actor, (s) => s.context.batches);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const undoing = useSelector(actor, (s) => (s.hasTag('undoing') ? s.context.undoing : undefined));
  const undone = useSelector(actor, (s) => s.context.undone);
  const refused = useSelector(actor, (s) => s.context.refused);
  const failure = useSelector(actor, (s) => s.context.failure);
  return { batches, loading, undoing, undone, refused, failure };
}
