import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { undoQuestion, type importHistoryMachine } from '../../machines/import';

/** The import history the import flow holds: its batches, an Undo asked about, and its outcome. */
export function useImportHistory(actor: ActorRefFrom<typeof importHistoryMachine>) {
  const batches = useSelector(actor, (s) => s.context.batches);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const undoing = useSelector(actor, (s) => (s.hasTag('undoing') ? s.context.undoing : undefined));
  /** The batch whose Undo waits for the user's yes. */
  const asking = useSelector(actor, (s) =>
    s.hasTag('confirming') ? s.context.batches.find((b) => b.id === s.context.undoing) : undefined,
  );
  const undone = useSelector(actor, (s) => s.context.undone);
  const refused = useSelector(actor, (s) => s.context.refused);
  const failure = useSelector(actor, (s) => s.context.failure);
  const question = asking && undoQuestion(asking);
  return { batches, loading, undoing, asking, question, undone, refused, failure };
}
