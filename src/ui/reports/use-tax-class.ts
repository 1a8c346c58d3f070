import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { TaxClassOverride } from '../../domain/tax';
import { flowDeps } from '../../machines/app/app.machine';
import { taxClassMachine } from '../../machines/reports';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

/** An investment's tax class, and the intentions on it (override, reset). */
export function useTaxClass(investmentId: string) {
  const { api, session, notices } = flowDeps(useAppActor());
  const actor = useFlow(taxClassMachine, { api, session, notices, investmentId });
  const taxClass = useSelector(actor, (s) => s.context.taxClass);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const editing = useSelector(
    actor,
    (s) => s.matches('editing') || s.matches('saving') || s.matches('awaitingSave'),
  );
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const unavailable = useSelector(actor, (s) => s.matches('unavailable'));
  const reasonError = useSelector(actor, (s) => s.context.reasonError);
  const failure = useSelector(actor, (s) => s.context.failure);
  const open = useCallback(() => actor.send({ type: 'override.opened' }), [actor]);
  const cancel = useCallback(() => actor.send({ type: 'override.cancelled' }), [actor]);
  const save = useCallback(
    (override: TaxClassOverride) => actor.send({ type: 'override.submitted', override }),
    [actor],
  );
  const reset = useCallback(() => actor.send({ type: 'override.reset' }), [actor]);
  const retry = useCallback(() => actor.send({ type: 'retry' }), [actor]);
  return {
    taxClass,
    loading,
    saving,
    editing,
    failed,
    unavailable,
    reasonError,
    failure,
    open,
    cancel,
    save,
    reset,
    retry,
  };
}
