import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { flowDeps } from '../../machines/app/app.machine';
import { renameMachine, type RenameKind } from '../../machines/valuables';
import type { RenameControl } from './valuables-table';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

/** Inline rename of one table's rows (long press to start). */
export function useRename(kind: RenameKind): RenameControl {
  const { api, data, session, notices } = flowDeps(useAppActor());
  const actor = useFlow(renameMachine, { api, data, session, notices, kind });
  const editingId = useSelector(actor, (s) => s.context.id);
  const form = useSelector(actor, (s) => s.context.form);
  const draft = useSelector(form, (s) => s?.context.values.name ?? '');
  const error = useSelector(
    form,
    (s) => s && (s.context.fieldErrors.name?.join(' ') ?? s.context.formError),
  );
  return useMemo(
    () => ({
      editingId,
      draft,
      error,
      start: (id, name) => actor.send({ type: 'rename.started', id, name }),
      change: (name) => actor.send({ type: 'rename.changed', name }),
      blur: () => actor.send({ type: 'rename.blurred' }),
      submit: () => actor.send({ type: 'rename.submitted' }),
      cancel: () => actor.send({ type: 'rename.cancelled' }),
    }),
    [actor, editingId, draft, error],
  );
}
