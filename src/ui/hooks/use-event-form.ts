import { useCallback, useMemo } from 'react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { EventKind, Id } from '../../domain/types';
import { flowDeps } from '../../machines/app.machine';
import {
  createEventMachine,
  soldSharesEnabled,
  splitRatio,
  type EventField,
  type OverlayRef,
} from '../../machines/create-event.machine';
import { useAppActor, useAppChildren } from './app-actor';

export type { EventKind };

export interface EventFormInput {
  investmentId: Id;
  kind: EventKind;
  currentShares: number;
  /** The overlay the form sits in; the flow closes it after success. */
  overlay: OverlayRef;
}

/** One Buy, Sell, Dividend or Stock Split form, started when its overlay opens. */
export function useEventForm({ investmentId, kind, currentShares, overlay }: EventFormInput) {
  const app = useAppActor();
  const { data } = useAppChildren();
  const { api } = flowDeps(app);
  const actor = useActorRef(createEventMachine, {
    input: { api, data, overlay, investmentId, kind, currentShares },
  });
  const values = useSelector(actor, (s) => s.context.values, shallowEqual);
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const soldEnabled = useSelector(actor, (s) => soldSharesEnabled(s.context));
  const ratio = useSelector(actor, (s) => splitRatio(s.context));
  const currencies = useSelector(data, (s) => s.context.currencies);
  const currencyOptions = useMemo(
    () => (currencies ?? [values.currency_code]).map((code) => ({ value: code, label: code })),
    [currencies, values.currency_code],
  );
  const change = useCallback(
    (field: EventField, value: string) => actor.send({ type: 'form.changed', field, value }),
    [actor],
  );
  const submit = useCallback(() => actor.send({ type: 'event.submitted' }), [actor]);
  return {
    values,
    errors,
    formError,
    submitting,
    soldEnabled,
    ratio,
    currencyOptions,
    change,
    submit,
  };
}
