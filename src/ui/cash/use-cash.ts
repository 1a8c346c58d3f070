import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { CashEntry } from '../../api';
import { formatMoney } from '../../domain/money';
import type { Id } from '../../domain/types';
import { flowDeps } from '../../machines/app/app.machine';
import {
  cashMachine,
  depositOverRoom,
  type CashEvent,
  type EntryField,
  type OpeningField,
} from '../../machines/cash';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';
import { useT } from '../app/use-i18n';
import { useToday } from '../app/use-today';
import { useNeeded } from '../data/use-needed';
import { useDeleting } from '../forms/row-delete';

const NO_VALUES = { type: '', amount: '', currency_code: '', date: '' };

/** How the section shows: 'unavailable' leaves it out. */
export type CashStatus = 'loading' | 'failed' | 'off' | 'on' | 'unavailable';

/** A portfolio's Cash section: its account, its two forms and its deletions. */
export function useCash(portfolioId: Id, aktiesparekonto = false) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  useNeeded('currencies');
  const today = useToday();
  const actor = useFlow(cashMachine, { api, data, session, notices, portfolioId, today });
  const status = useSelector(actor, (s): CashStatus => {
    const account = s.context.account;
    if (s.matches({ account: 'unavailable' })) return 'unavailable';
    if (!account) return s.matches({ account: 'failed' }) ? 'failed' : 'loading';
    return account.enabled ? 'on' : 'off';
  });
  const account = useSelector(actor, (s) => s.context.account);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const entryForm = useSelector(actor, (s) => s.context.entryForm);
  const switchForm = useSelector(actor, (s) => s.context.switchForm);
  const form = entryForm ?? switchForm;
  const values = useSelector(
    form,
    (s): Record<EntryField | OpeningField, string> => ({ ...NO_VALUES, ...s?.context.values }),
    shallowEqual,
  );
  const errors = useSelector(form, (s) => s?.context.fieldErrors ?? {}, shallowEqual);
  const formError = useSelector(form, (s) => s?.context.formError);
  const submitting = useSelector(form, (s) => s?.hasTag('submitting') ?? false);
  const turningOn = useSelector(switchForm, (s) => s?.context.input.on);
  const room = useSelector(entryForm, (s) => s && depositOverRoom(s.context));
  const { locale } = useT();
  const removal = useSelector(actor, (s) => s.children.removal);
  const deleting = useDeleting(removal, (row) => row.id);
  const currencies = useSelector(data, (s) => s.context.currencies);

  const send = useCallback((event: CashEvent) => actor.send(event), [actor]);
  const retry = useCallback(() => send({ type: 'retry.requested' }), [send]);
  // The kind as it is when the form opens: the portfolio may load after the section.
  const add = useCallback(
    () => send({ type: 'entry.opened', aktiesparekonto }),
    [send, aktiesparekonto],
  );
  const turn = useCallback((on: boolean) => send({ type: 'switch.opened', on }), [send]);
  const change = useCallback(
    (field: EntryField | OpeningField, value: string) =>
      send({ type: 'form.changed', field, value }),
    [send],
  );
  const submit = useCallback(() => send({ type: 'form.submitted' }), [send]);
  const cancel = useCallback(() => send({ type: 'form.cancelled' }), [send]);
  const remove = useCallback(
    (entry: CashEntry) => send({ type: 'delete.requested', entry }),
    [send],
  );
  return {
    today,
    status,
    account,
    loadError,
    /** Which form is open: the entry's, the switch's (on or off), or none. */
    open: entryForm ? 'entry' : turningOn === undefined ? undefined : turningOn ? 'on' : 'off',
    values,
    errors,
    formError,
    submitting,
    /** When the deposit would go over the aktiesparekonto's ceiling: the room left, null when none is. */
    overRoom: room === undefined ? undefined : room > 0 ? formatMoney(room, 'DKK', locale) : null,
    deleting,
    currencies,
    retry,
    add,
    turn,
    change,
    submit,
    cancel,
    remove,
  } as const;
}

export type CashControl = ReturnType<typeof useCash>;
