import { useCallback, useMemo } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import { formatMoney } from '../../domain/money';
import { parseDecimal } from '../../domain/numbers';
import { useT } from '../app/use-i18n';
import { useFormatters } from '../components/format-context';
import type { EventKind, Id, Transaction } from '../../domain/types';
import { flowDeps } from '../../machines/app/app.machine';
import {
  buyOverRoom,
  createEventMachine,
  soldSharesEnabled,
  sharesAfterSplit,
  tradeTotal,
  type EventField,
  type EventForm,
  type EventValues,
  deleteQuestion,
  editEventMachine,
} from '../../machines/events';
import type { Question } from '../../machines/forms/save-flow';
import type { OverlayRef } from '../../machines/app/overlay.machine';
import { priceCurrency } from '../../machines/prices';
import { useAppActor, useAppChildren } from '../app/app-actor';
import { useFlow } from '../app/use-flow';
import { useToday } from '../app/use-today';
import { useNeeded } from '../data/use-needed';

export type { EventKind };

/** Either form's actor, as far as the shared view reads it. */
type FormActor = ActorRef<
  Snapshot<unknown> & {
    context: EventForm & { formError: string | undefined; question?: Question<EventValues> };
    hasTag(tag: string): boolean;
  },
  { type: 'form.changed'; field: EventField; value: string } | { type: 'question.accepted' }
>;

/** What both forms show: values, errors, the result before saving, and the change intention. */
function useFormView(actor: FormActor, kind: EventKind, currentShares: number, today: string) {
  const { data } = useAppChildren();
  useNeeded('currencies');
  const values = useSelector(actor, (s) => s.context.values, shallowEqual);
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const soldEnabled = useSelector(actor, (s) => soldSharesEnabled(s.context.values, currentShares));
  const sharesAfter = useSelector(actor, (s) => sharesAfterSplit(s.context.values));
  const f = useFormatters();
  const ratio = f.splitRatio(currentShares, sharesAfter);
  const { locale } = useT();
  const total = useSelector(actor, (s) => {
    const value = tradeTotal(kind, s.context.values);
    return value === undefined
      ? undefined
      : formatMoney(value, s.context.values.currency_code, locale);
  });
  const currencies = useSelector(data, (s) => s.context.currencies);
  const currencyOptions = useMemo(
    () => (currencies ?? [values.currency_code]).map((code) => ({ value: code, label: code })),
    [currencies, values.currency_code],
  );
  const change = useCallback(
    (field: EventField, value: string) => actor.send({ type: 'form.changed', field, value }),
    [actor],
  );
  /** "USD 185.50": the market's price offered for one far from it, until a field changes. */
  const suggestedPrice = useSelector(actor, (s) => {
    const suggested = s.context.question?.suggested;
    return suggested?.share_price && suggested.currency_code
      ? formatMoney(parseDecimal(suggested.share_price) ?? 0, suggested.currency_code, locale)
      : undefined;
  });
  const acceptSuggestion = useCallback(() => actor.send({ type: 'question.accepted' }), [actor]);
  return {
    today,
    values,
    errors,
    formError,
    submitting,
    soldEnabled,
    ratio,
    total,
    currencyOptions,
    change,
    suggestedPrice,
    acceptSuggestion,
  };
}

export type EventFormView = ReturnType<typeof useFormView>;

export interface EventFormInput {
  investmentId: Id;
  kind: EventKind;
  currentShares: number;
  /** The overlay the form sits in; the flow closes it after success. */
  overlay: OverlayRef;
  /** What the form starts with instead of the defaults (a suggestion's Record). */
  prefill?: Partial<EventValues>;
}

/** One Buy, Sell, Dividend or Stock Split form, started when its overlay opens. */
export function useEventForm({
  investmentId,
  kind,
  currentShares,
  overlay,
  prefill,
}: EventFormInput) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  const today = useToday();
  // The investment's trading currency, not DKK, for a USD stock's buy.
  const investment = useSelector(data, (s) =>
    s.context.investments?.find((i) => i.id === investmentId),
  );
  const currency = priceCurrency(investment);
  const quote = investment?.quote;
  const aktiesparekonto = useSelector(data, (s) => {
    const portfolioId = investment?.portfolio_id;
    const portfolio = s.context.portfolios?.find((p) => p.id === portfolioId);
    return portfolio?.kind === 'aktiesparekonto' ? portfolio.id : undefined;
  });
  const { decimalMark } = useFormatters();
  const actor = useFlow(createEventMachine, {
    api,
    data,
    session,
    notices,
    overlay,
    investmentId,
    kind,
    currentShares,
    currency,
    // The quote's own rate: a far-off price is a factor of 3, so today's rate compares well enough.
    dkkPer: (code) =>
      quote && quote.currency === code ? quote.price_dkk / quote.price : undefined,
    today,
    prefill,
    decimalMark,
    aktiesparekonto,
  });
  const view = useFormView(actor, kind, currentShares, today);
  const { locale } = useT();
  const room = useSelector(actor, (s) => buyOverRoom(s.context));
  /** When the buy would go over the aktiesparekonto's ceiling: the room left ("DKK 12,000.00"), null when none is. */
  const overRoom =
    room === undefined ? undefined : room > 0 ? formatMoney(room, 'DKK', locale) : null;
  const submit = useCallback(() => actor.send({ type: 'form.submitted' }), [actor]);
  return { ...view, overRoom, submit };
}

export interface EditEventFormInput {
  transaction: Transaction;
  /** The overlay the form sits in; the flow closes it after a save or a deletion. */
  overlay: OverlayRef;
}

/** The correction form of one recorded event: Save, or Delete after a confirmation. */
export function useEditEventForm({ transaction, overlay }: EditEventFormInput) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  const today = useToday();
  const { decimalMark } = useFormatters();
  const actor = useFlow(editEventMachine, {
    api,
    data,
    session,
    notices,
    overlay,
    transaction,
    today,
    decimalMark,
  });
  const kind = useSelector(actor, (s) => s.context.kind);
  const splitBefore = useSelector(actor, (s) => s.context.currentShares);
  const view = useFormView(actor, kind, splitBefore, today);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete'));
  const deleting = useSelector(actor, (s) => s.hasTag('deleting'));
  const question = useSelector(actor, (s) => deleteQuestion(s.context));
  const submit = useCallback(() => actor.send({ type: 'form.submitted' }), [actor]);
  const requestDelete = useCallback(() => actor.send({ type: 'delete.requested' }), [actor]);
  const confirmDelete = useCallback(() => actor.send({ type: 'delete.confirmed' }), [actor]);
  const cancelDelete = useCallback(() => actor.send({ type: 'delete.cancelled' }), [actor]);
  return {
    ...view,
    kind,
    splitBefore,
    loading,
    confirming,
    deleting,
    question,
    submit,
    requestDelete,
    confirmDelete,
    cancelDelete,
  };
}
