// The edit-event flow, headless: its date on a create, editing, saving and deleting.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  heldMessage,
  tradeTotal,
  valuesOf,
  type EventField,
} from '../../../src/machines/events/event.rules';
import { DATE_MESSAGES } from '../../../src/machines/forms/date-rule';
import { decimalsMessage } from '../../../src/machines/forms/form-rules';
import {
  deleteQuestion,
  editEventMachine,
  NOT_LOADED,
} from '../../../src/machines/events/edit-event.machine';
import {
  fakeApi,
  fakeSession,
  flush,
  http,
  invalid,
  recorder,
  startCreateEvent,
  transaction,
} from '../support';
import { DELETED, TODAY, buy, enteredOf, startEdit } from './start-edit';

/** What a correction and a deletion announce; the data machine reloads what they leave stale. */
const UPDATED = { type: 'data.changed', change: 'event.updated' };

const startCreate = startCreateEvent;

describe('date (create)', () => {
  it('defaults to today and is sent as date', async () => {
    const { form, change, api } = startCreate('buy');
    expect(form.getSnapshot().context.values.date).toBe(TODAY);
    api.createEvent.mockResolvedValue(transaction('1'));
    change('date', '2024-01-15');
    change('shares', '1');
    change('share_price', '2');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.createEvent).toHaveBeenCalledWith(
      '5',
      'buy',
      { date: '2024-01-15', shares: 1, share_price: 2, fee: 0, currency_code: 'DKK' },
      { idempotencyKey: 'key-1' },
    );
  });

  it.each([
    ['2026-03-02', DATE_MESSAGES.future],
    ['1969-12-31', DATE_MESSAGES.early],
    ['2024-02-30', DATE_MESSAGES.format],
    ['', 'This field is required.'],
  ])('%s is flagged under the field as it is entered, and blocks Add', (day, message) => {
    const { form, change, api } = startCreate('dividend');
    change('date', day);
    expect(form.getSnapshot().context.fieldErrors.date).toEqual([message]);
    change('amount', '5');
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().context.fieldErrors.date).toEqual([message]);
    expect(api.createEvent).not.toHaveBeenCalled();
  });

  it('a server error on date shows under the field', async () => {
    const { form, change, api } = startCreate('sell');
    api.createEvent.mockRejectedValue(
      invalid({ date: ['This would leave 5 shares for the sale of 2025-01-01, which sells 8.'] }),
    );
    change('date', '2024-01-01');
    change('shares', '3');
    change('share_price', '1');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().context.fieldErrors.date?.[0]).toMatch(/sale of 2025-01-01/);
    expect(form.getSnapshot().context.formError).toBeUndefined();
  });

  it('the holding now limits a sale of today only; a back-dated one is left to the server', async () => {
    const today = startCreate('sell', 10);
    today.change('shares', '11');
    today.change('share_price', '1');
    today.form.send({ type: 'form.submitted' });
    expect(today.form.getSnapshot().context.fieldErrors.shares).toEqual([heldMessage(10)]);

    const earlier = startCreate('sell', 10);
    earlier.api.createEvent.mockReturnValue(new Promise(() => undefined));
    earlier.change('date', '2024-01-01');
    earlier.change('shares', '11');
    earlier.change('share_price', '1');
    earlier.form.send({ type: 'form.submitted' });
    await flush();
    expect(earlier.api.createEvent).toHaveBeenCalledOnce();
  });

  it('allows 8 decimals for shares but 6 for prices and fees, as the server does', () => {
    const { form, change } = startCreate('buy');
    change('shares', '0.12345678');
    change('share_price', '1.1234567');
    change('fee', '0.0000001');
    form.send({ type: 'form.submitted' });
    const errors = form.getSnapshot().context.fieldErrors;
    expect(errors.shares).toBeUndefined();
    expect(errors.share_price).toEqual([decimalsMessage('money')]);
    expect(errors.fee).toEqual([decimalsMessage('money')]);
  });

  it('shows no total for figures it would not send (no Infinity)', () => {
    const { form, change } = startCreate('buy');
    change('shares', '9'.repeat(400));
    change('share_price', '2');
    expect(tradeTotal('buy', form.getSnapshot().context.values)).toBeUndefined();
  });

  it.each([
    ['buy', { shares: '2', share_price: '10', fee: '1.5' }, 21.5],
    ['sell', { shares: '2', share_price: '10', fee: '1.5' }, 18.5],
    ['buy', { shares: '2', share_price: '' }, undefined],
    ['dividend', { amount: '3' }, undefined],
  ] as const)('%s %o totals %s before saving', (kind, values, total) => {
    const { form, change } = startCreate(kind);
    for (const [field, value] of Object.entries(values)) change(field as EventField, value);
    expect(tradeTotal(kind, form.getSnapshot().context.values)).toBe(total);
  });
});

describe('editing', () => {
  it('is filled in from the event as entered, asked for by its id', async () => {
    const { form } = await startEdit();
    expect(form.getSnapshot().context.kind).toBe('buy');
    expect(form.getSnapshot().context.values).toMatchObject({
      date: '2024-01-15',
      shares: '2',
      share_price: '50',
      fee: '0.00',
      currency_code: 'DKK',
    });
  });

  it('keeps the currency, price and fee the event was entered with', async () => {
    const t = buy();
    const { form, api } = await startEdit(t, (fake) =>
      fake.getEvent.mockResolvedValue(
        enteredOf(t, { currency_code: 'USD', share_price: 185.5, fee: 1.25 }),
      ),
    );
    expect(api.getEvent).toHaveBeenCalledWith('9');
    expect(form.getSnapshot().context.values).toMatchObject({
      currency_code: 'USD',
      share_price: '185.5',
      fee: '1.25',
    });
  });

  it('shows the listed figures while it loads, and cannot be saved yet', () => {
    const api = fakeApi();
    api.getEvent.mockReturnValue(new Promise(() => {}));
    const form = createActor(editEventMachine, {
      input: {
        api,
        data: recorder().ref,
        session: fakeSession().session,
        notices: recorder().ref,
        overlay: recorder().ref,
        transaction: buy(),
        today: TODAY,
      },
    }).start();
    expect(form.getSnapshot().hasTag('loading')).toBe(true);
    expect(form.getSnapshot().context.values).toMatchObject({ shares: '2', share_price: '50' });
    form.send({ type: 'form.submitted' });
    expect(api.editEvent).not.toHaveBeenCalled();
  });

  it('says when the event as entered cannot be loaded, keeping the listed figures', async () => {
    const { form } = await startEdit(buy(), (fake) =>
      fake.getEvent.mockRejectedValue(new Error('offline')),
    );
    expect(form.getSnapshot().context.formError).toBe(NOT_LOADED);
    expect(form.getSnapshot().context.values).toMatchObject({ shares: '2', share_price: '50' });
  });

  it('fills a dividend with its total and a split with its after, sold shares and price', () => {
    const div = valuesOf({ ...buy(), type: 'div', total_value: 12.5, shares: 0 }, TODAY);
    expect(div).toMatchObject({ amount: '12.5' });
    const split = valuesOf(
      { ...buy(), type: 'split', from_shares: 10, to_shares: 3, shares: 1, stock_price: 7 },
      TODAY,
    );
    expect(split).toMatchObject({ shares_after: '3', sold_shares: '1', sold_share_price: '7' });
  });

  it('asks "Delete the purchase of 2024-01-15?"', () => {
    expect(deleteQuestion({ kind: 'buy', originalDate: '2024-01-15' })).toBe(
      'Delete the purchase of 2024-01-15?',
    );
  });
});

describe('saving', () => {
  it('sends the corrected values without the date when it is unchanged', async () => {
    const { form, change, api } = await startEdit();
    api.editEvent.mockResolvedValue(buy());
    change('share_price', '60');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.editEvent).toHaveBeenCalledWith(
      '9',
      'buy',
      { shares: 2, share_price: 60, fee: 0, currency_code: 'DKK' },
      { validateOnly: false },
    );
  });

  it('sends a changed date', async () => {
    const { form, change, api } = await startEdit();
    api.editEvent.mockResolvedValue(buy());
    change('date', '2023-06-01');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.editEvent.mock.calls[0][2]).toMatchObject({ date: '2023-06-01' });
  });

  it('success: announces the event as updated, then closes', async () => {
    const { form, change, api, data, overlay, notices } = await startEdit();
    api.editEvent.mockResolvedValue(buy());
    change('shares', '3');
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(data.events()).toEqual([UPDATED]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Buy corrected' } },
    ]);
    expect(overlay.types()).toEqual(['overlay.closed']);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('a refusal shows under the field, keeps the values and announces nothing', async () => {
    const { form, change, api, data, overlay } = await startEdit();
    api.editEvent.mockRejectedValue(
      invalid({ shares: ['You can sell at most 1, the shares held on 2024-01-01.'] }),
    );
    change('shares', '9');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors.shares?.[0]).toMatch(/2024-01-01/);
    expect(form.getSnapshot().context.values.shares).toBe('9');
    expect(data.types()).toEqual([]);
    expect(overlay.types()).toEqual([]);
  });

  it('client rules block Save (a future date)', async () => {
    const { form, change, api } = await startEdit();
    change('date', '2030-01-01');
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().context.fieldErrors.date).toEqual([DATE_MESSAGES.future]);
    expect(api.editEvent).not.toHaveBeenCalled();
  });
});

describe('deleting', () => {
  it('asks first; Keep goes back without deleting', async () => {
    const { form, api } = await startEdit();
    form.send({ type: 'delete.requested' });
    expect(form.getSnapshot().matches('confirmingDelete')).toBe(true);
    form.send({ type: 'delete.cancelled' });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(api.deleteEvent).not.toHaveBeenCalled();
  });

  it('confirmed: deletes, then announces the event as deleted, then closes', async () => {
    const { form, api, data, overlay, notices } = await startEdit();
    api.deleteEvent.mockResolvedValue(undefined);
    form.send({ type: 'delete.requested' });
    form.send({ type: 'delete.confirmed' });
    expect(form.getSnapshot().hasTag('deleting')).toBe(true);
    await flush();
    expect(api.deleteEvent).toHaveBeenCalledWith('9');
    expect(data.events()).toEqual([DELETED]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Buy deleted', owner: form, undo: true } },
    ]);
    expect(overlay.types()).toEqual(['overlay.closed']);
    expect(form.getSnapshot().matches('undoable')).toBe(true);
  });

  it('an event whose entered figures did not load is deleted without Undo', async () => {
    const { form, api, notices } = await startEdit(buy(), (fake) =>
      fake.getEvent.mockRejectedValue(http(500)),
    );
    api.deleteEvent.mockResolvedValue(undefined);
    form.send({ type: 'delete.requested' });
    form.send({ type: 'delete.confirmed' });
    await flush();
    // Its fee and currency are unknown, so it could not be made again as it was.
    expect(notices.events()).toEqual([{ type: 'notice.posted', notice: { text: 'Buy deleted' } }]);
    expect(form.getSnapshot().status).toBe('done');
  });

  it("refused: the server's message is the form's, everything kept, nothing announced", async () => {
    const { form, api, data, overlay } = await startEdit();
    const message = 'This would leave 0 shares for the sale of 2025-01-01, which sells 2.';
    api.deleteEvent.mockRejectedValue(invalid({ event: [message] }));
    form.send({ type: 'delete.requested' });
    form.send({ type: 'delete.confirmed' });
    await flush();
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(form.getSnapshot().context.formError).toBe(message);
    expect(form.getSnapshot().context.values.shares).toBe('2');
    expect(data.types()).toEqual([]);
    expect(overlay.types()).toEqual([]);
  });

  it('another failure is one form message', async () => {
    const { form, api, data } = await startEdit();
    api.deleteEvent.mockRejectedValue(http(500));
    form.send({ type: 'delete.requested' });
    form.send({ type: 'delete.confirmed' });
    await flush();
    expect(form.getSnapshot().context.formError).toBe(
      'The server had a problem. Please try again in a moment.',
    );
    expect(data.types()).toEqual([]);
  });
});
