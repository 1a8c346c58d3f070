import { useCallback } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { incomeMachine } from '../../machines/income';
import { useAppActor } from '../app/app-actor';

/** The Income screen's year and figures, for as long as the screen shows. */
export function useIncome() {
  const { api } = useAppActor().getSnapshot().context;
  const actor = useActorRef(incomeMachine, { input: { api } });
  const income = useSelector(actor, (s) => s.context.income);
  const failure = useSelector(actor, (s) => s.context.failure);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const selectYear = useCallback(
    (year: number) => actor.send({ type: 'year.selected', year }),
    [actor],
  );
  const retry = useCallback(() => actor.send({ type: 'income.retried' }), [actor]);
  return { income, failure, loading, failed, selectYear, retry };
}
