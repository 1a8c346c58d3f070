import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { flowDeps } from '../../machines/app/app.machine';
import { createPortfolioMachine } from '../../machines/portfolios';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

/** The Add portfolio form's flow, started for as long as the screen shows. */
export function useCreatePortfolio() {
  const app = useAppActor();
  const actor = useFlow(createPortfolioMachine, flowDeps(app));
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const submit = useCallback(
    (name: string, kind: string) => actor.send({ type: 'form.submitted', values: { name, kind } }),
    [actor],
  );
  const cancel = useCallback(() => actor.send({ type: 'form.cancelled' }), [actor]);
  return { errors, formError, submitting, submit, cancel };
}
