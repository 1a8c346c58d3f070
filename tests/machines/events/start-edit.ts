// The edit-event flow started on a buy for a test, and the entered event a transaction makes.
import { createActor } from 'xstate';
import type { EventField } from '../../../src/machines/events/event.rules';
import { editEventMachine } from '../../../src/machines/events/edit-event.machine';
import type { EnteredEvent, Transaction } from '../../../src/domain/types';
import { type FakeApi, flush, formFakes, keyMaker, TEST_TODAY, transaction } from '../support';

export const TODAY = TEST_TODAY;
export const DELETED = { type: 'data.changed', change: 'event.deleted' };

/** A buy of 2 at 50 DKK booked at noon UTC on 2024-01-15. */
export function buy(): Transaction {
  return { ...transaction('9'), date: '2024-01-15T12:00:00Z' };
}

/** The event as entered that the correction form loads; a buy of 2 at 50 DKK by default. */
export function enteredOf(t: Transaction, more: Partial<EnteredEvent> = {}): EnteredEvent {
  return {
    id: t.id,
    type: t.type,
    date: t.date,
    currency_code: 'DKK',
    exchange_rate: null,
    shares: t.shares,
    share_price: t.stock_price,
    fee: 0,
    ...more,
  };
}

/** A correction form whose event has loaded (or failed to, with `load`). */
export async function startEdit(
  t: Transaction = buy(),
  load: (api: FakeApi) => void = (api) => api.getEvent.mockResolvedValue(enteredOf(t)),
) {
  const { input, ...fakes } = formFakes();
  load(fakes.api);
  const form = createActor(editEventMachine, {
    input: {
      ...input,
      overlay: fakes.overlay.ref,
      transaction: t,
      today: TODAY,
      newKey: keyMaker(),
    },
  }).start();
  await flush();
  const change = (field: EventField, value: string) =>
    form.send({ type: 'form.changed', field, value });
  return { ...fakes, form, change };
}
