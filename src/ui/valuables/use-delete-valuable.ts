import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { flowDeps } from '../../machines/app/app.machine';
import {
  deleteQuestion,
  deleteSummary,
  deleteValuableMachine,
  type ValuableKind,
} from '../../machines/valuables';
import type { Id } from '../../domain/types';
import { useAppActor, useAppChildren } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

/**
 * Delete investment / Delete portfolio for the screen of `id`: the confirmation's texts (what
 * goes with it, counted from the data held), its modes and the three intentions.
 */
export function useDeleteValuable(kind: ValuableKind, id: Id) {
  const app = useAppActor();
  const { data } = useAppChildren();
  const actor = useFlow(deleteValuableMachine, flowDeps(app));
  const open = useSelector(actor, (s) => s.hasTag('open'));
  const name = useSelector(data, (s) =>
    kind === 'investment'
      ? s.context.investments?.find((i) => i.id === id)?.name
      : s.context.portfolios?.find((p) => p.id === id)?.name,
  );
  // Transactions of the investment, or investments of the portfolio; undefined until loaded,
  // and while the reload the question asks for runs (a held count may be stale).
  const parts = useSelector(data, (s) => {
    if (kind === 'investment') {
      if (s.context.entries.events?.status === 'loading') return undefined;
      return s.context.events?.filter((t) => t.investment_id === id).length;
    }
    if (s.context.entries.portfolios?.status === 'loading') return undefined;
    return s.context.portfolios?.find((p) => p.id === id)?.investments;
  });
  const request = useCallback(
    () => actor.send({ type: 'delete.requested', target: { kind, id } }),
    [actor, kind, id],
  );
  const confirm = useCallback(() => actor.send({ type: 'delete.confirmed' }), [actor]);
  const cancel = useCallback(() => actor.send({ type: 'delete.cancelled' }), [actor]);
  const shownName = name ?? `this ${kind}`;
  return {
    /** The page's thing is known, so it can be offered for deletion. */
    ready: name !== undefined,
    open,
    question: deleteQuestion(shownName),
    summary: deleteSummary(kind, shownName, parts),
    request,
    confirm,
    cancel,
  };
}

export type DeleteControl = ReturnType<typeof useDeleteValuable>;
