import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { DayPrice } from '../../api';
import type { Id } from '../../domain/types';
import { flowDeps } from '../../machines/app/app.machine';
import {
  listStatus,
  offersOlder,
  pricesMachine,
  type PriceField,
  type PriceValues,
  priceCurrency,
} from '../../machines/prices';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';
import { useToday } from '../app/use-today';
import { useNeeded } from '../data/use-needed';
import { useDeleting } from '../forms/row-delete';
import { useFormatters } from '../components/format-context';

const NO_VALUES: PriceValues = { date: '', price: '', currency_code: '' };

/** An investment's Prices section: its list, its form and its deletions. */
export function usePrices(investmentId: Id) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  useNeeded('investments', 'currencies', 'events');
  const today = useToday();
  const { decimalMark } = useFormatters();
  const actor = useFlow(pricesMachine, {
    ...{ api, data, session, notices, investmentId, today },
    decimalMark,
  });
  const status = useSelector(actor, listStatus);
  const prices = useSelector(actor, (s) => s.context.prices);
  const listError = useSelector(actor, (s) => s.context.listError);
  const olderOffered = useSelector(actor, offersOlder);
  const loadingOlder = useSelector(actor, (s) => s.hasTag('loadingOlder'));
  const form = useSelector(actor, (s) => s.context.form);
  const formOpen = form !== undefined;
  const correcting = useSelector(form, (s) => s?.context.input.correcting);
  const values = useSelector(form, (s) => s?.context.values ?? NO_VALUES, shallowEqual);
  const errors = useSelector(form, (s) => s?.context.fieldErrors ?? {}, shallowEqual);
  const formError = useSelector(form, (s) => s?.context.formError);
  const submitting = useSelector(form, (s) => s?.hasTag('submitting') ?? false);
  const removal = useSelector(actor, (s) => s.children.removal);
  const deleting = useDeleting(removal, (row) => row.date);
  const currency = useSelector(data, (s) =>
    priceCurrency(s.context.investments?.find((i) => i.id === investmentId)),
  );
  const currencies = useSelector(data, (s) => s.context.currencies);

  const showOlder = useCallback(() => actor.send({ type: 'older.requested' }), [actor]);
  const retry = useCallback(() => actor.send({ type: 'retry.requested' }), [actor]);
  const add = useCallback(() => actor.send({ type: 'form.opened', currency }), [actor, currency]);
  const edit = useCallback(
    (price: DayPrice) => actor.send({ type: 'edit.opened', price }),
    [actor],
  );
  const change = useCallback(
    (field: PriceField, value: string) => actor.send({ type: 'form.changed', field, value }),
    [actor],
  );
  const submit = useCallback(() => actor.send({ type: 'form.submitted' }), [actor]);
  const cancel = useCallback(() => actor.send({ type: 'form.cancelled' }), [actor]);
  const remove = useCallback(
    (price: DayPrice) => actor.send({ type: 'delete.requested', price }),
    [actor],
  );
  return {
    actor,
    today,
    status,
    prices,
    listError,
    olderOffered,
    loadingOlder,
    formOpen,
    correcting,
    values,
    errors,
    formError,
    submitting,
    deleting,
    currencies,
    showOlder,
    retry,
    add,
    edit,
    change,
    submit,
    cancel,
    remove,
  };
}

export type PricesControl = ReturnType<typeof usePrices>;
