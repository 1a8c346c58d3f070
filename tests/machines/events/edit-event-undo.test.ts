// The edit-event flow, headless: a lost session, the overlay closed under it, and Undo of a
// deletion.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNDO_MS } from '../../../src/machines/forms/undo';
import type { EnteredEvent, Transaction } from '../../../src/domain/types';
import { deferred, flush, http, transaction } from '../support';
import { DELETED, buy, enteredOf, startEdit } from './start-edit';

describe('a lost session', () => {
  it('a save waits for the user to log in again, then is sent once', async () => {
    const { form, change, api, overlay, session } = await startEdit();
    api.editEvent.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(buy());
    change('share_price', '60');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().hasTag('submitting')).toBe(true);
    expect(form.getSnapshot().context.values.share_price).toBe('60');
    session.restore();
    await flush();
    expect(api.editEvent).toHaveBeenCalledTimes(2);
    expect(overlay.types()).toEqual(['overlay.closed']);
  });

  it('a deletion waits too', async () => {
    const { form, api, data, session } = await startEdit();
    api.deleteEvent.mockRejectedValueOnce(http(419)).mockResolvedValueOnce(undefined);
    form.send({ type: 'delete.requested' });
    form.send({ type: 'delete.confirmed' });
    await flush();
    expect(form.getSnapshot().hasTag('deleting')).toBe(true);
    session.restore();
    await flush();
    expect(api.deleteEvent).toHaveBeenCalledTimes(2);
    expect(data.events()).toEqual([DELETED]);
  });

  it('loading the event as entered waits too, then fills the form', async () => {
    const t = buy();
    const { form, api, session } = await startEdit(t, (api) =>
      api.getEvent.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(enteredOf(t)),
    );
    expect(form.getSnapshot().hasTag('loading')).toBe(true);
    session.restore();
    await flush();
    expect(api.getEvent).toHaveBeenCalledTimes(2);
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(form.getSnapshot().context.formError).toBeUndefined();
  });
});

describe('the overlay closed (flow.detached)', () => {
  it('while a deletion runs: it is still announced, the overlay is left alone', async () => {
    const { form, api, data, overlay } = await startEdit();
    const call = deferred<void>();
    api.deleteEvent.mockReturnValue(call.promise);
    form.send({ type: 'delete.requested' });
    form.send({ type: 'delete.confirmed' });
    form.send({ type: 'flow.detached' });
    call.resolve();
    await flush();
    expect(data.events()).toEqual([DELETED]);
    expect(overlay.types()).toEqual([]);
    // Undo is still offered: the toast outlives the overlay.
    expect(form.getSnapshot().matches('undoable')).toBe(true);
  });
});

describe('Undo of a deletion', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** A buy entered as 2 at 7.25 USD with a fee of 1.5, deleted; its Undo window is open. */
  async function deleted(
    t: Transaction = buy(),
    entered: EnteredEvent = enteredOf(t, { currency_code: 'USD', share_price: 7.25, fee: 1.5 }),
  ) {
    const started = await startEdit(t, (api) => api.getEvent.mockResolvedValue(entered));
    started.api.deleteEvent.mockResolvedValue(undefined);
    started.form.send({ type: 'delete.requested' });
    started.form.send({ type: 'delete.confirmed' });
    await flush();
    return started;
  }

  it('re-creates the event as entered on its day, then announces it as a new event is', async () => {
    const { form, api, data, notices } = await deleted();
    const restored = transaction('10');
    api.createEvent.mockResolvedValue(restored);
    form.send({ type: 'undo.requested' });
    expect(notices.events().at(-1)).toEqual({
      type: 'notice.posted',
      notice: { text: 'Restoring the Buy…', owner: form, undo: false },
    });
    await flush();
    expect(api.createEvent).toHaveBeenCalledExactlyOnceWith(
      '5',
      'buy',
      {
        date: form.getSnapshot().context.originalDate,
        shares: 2,
        share_price: 7.25,
        fee: 1.5,
        currency_code: 'USD',
      },
      // Undo's key, made when it was pressed.
      { idempotencyKey: 'key-1' },
    );
    // After the deletion's announcement, only the created event: the data machine reloads.
    expect(data.events()).toEqual([DELETED, { type: 'event.created', event: restored }]);
    expect(notices.events().at(-1)).toEqual({
      type: 'notice.posted',
      notice: { text: 'Buy restored' },
    });
    expect(form.getSnapshot().status).toBe('done');
  });

  it('a split comes back with its shares after, fee, and sold shares and price', async () => {
    const t: Transaction = { ...buy(), type: 'split', from_shares: 10, to_shares: 4 };
    const { form, api } = await deleted(t, {
      id: t.id,
      type: 'split',
      date: t.date,
      currency_code: 'EUR',
      exchange_rate: null,
      shares_after: 4,
      fee: 2,
      sold_shares: 0.5,
      sold_share_price: 30,
    });
    api.createEvent.mockResolvedValue(t);
    form.send({ type: 'undo.requested' });
    await flush();
    expect(api.createEvent).toHaveBeenCalledExactlyOnceWith(
      '5',
      'split',
      {
        date: form.getSnapshot().context.originalDate,
        shares_after: 4,
        fee: 2,
        currency_code: 'EUR',
        sold_shares: 0.5,
        sold_share_price: 30,
        hide: false,
      },
      { idempotencyKey: 'key-1' },
    );
  });

  it('an imported buy comes back with the broker’s exchange rate it was booked at', async () => {
    const t = buy();
    const { form, api } = await deleted(
      t,
      enteredOf(t, { currency_code: 'USD', share_price: 7.25, fee: 1.5, exchange_rate: 6.9123 }),
    );
    api.createEvent.mockResolvedValue(transaction('10'));
    form.send({ type: 'undo.requested' });
    await flush();
    expect(api.createEvent).toHaveBeenCalledExactlyOnceWith(
      '5',
      'buy',
      expect.objectContaining({ share_price: 7.25, currency_code: 'USD', exchange_rate: 6.9123 }),
      { idempotencyKey: 'key-1' },
    );
  });

  it('a second Undo while it is re-created creates nothing more', async () => {
    const { form, api, notices } = await deleted();
    const call = deferred<Transaction>();
    api.createEvent.mockReturnValue(call.promise);
    form.send({ type: 'undo.requested' });
    form.send({ type: 'undo.requested' });
    call.resolve(transaction('10'));
    await flush();
    expect(api.createEvent).toHaveBeenCalledOnce();
    expect(notices.events().filter((e) => e.type === 'notice.posted')).toHaveLength(3);
  });

  it('a failure says the event could not be restored, and why', async () => {
    const { form, api, data, notices } = await deleted();
    api.createEvent.mockRejectedValue(http(500));
    form.send({ type: 'undo.requested' });
    await flush();
    expect(notices.events().at(-1)).toEqual({
      type: 'notice.posted',
      notice: {
        text: 'The Buy could not be restored. The server had a problem. Please try again in a moment.',
      },
    });
    // Only the deletion was announced: nothing was created.
    expect(data.events()).toEqual([DELETED]);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('a lost session waits for the user to log in again, then sends the event once', async () => {
    const { form, api, notices, session } = await deleted();
    api.createEvent.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(transaction('10'));
    form.send({ type: 'undo.requested' });
    await flush();
    expect(session.waiting()).toBe(1);
    expect(notices.events().at(-1)).toMatchObject({ notice: { text: 'Restoring the Buy…' } });
    // The overlay is long gone; the flow still finishes.
    form.send({ type: 'flow.detached' });
    session.restore();
    await flush();
    expect(api.createEvent).toHaveBeenCalledTimes(2);
    // The same key: the server would answer a repeat of a create it ran with its first answer.
    expect(api.createEvent.mock.calls[1]).toEqual(api.createEvent.mock.calls[0]);
    expect(api.createEvent.mock.calls[1]?.[3]).toEqual({ idempotencyKey: 'key-1' });
    expect(notices.events().at(-1)).toMatchObject({ notice: { text: 'Buy restored' } });
  });

  it('the window ends: the toast is withdrawn and the flow ends, so Undo can create nothing', async () => {
    const { form, api, notices } = await deleted();
    form.send({ type: 'flow.detached' });
    await vi.advanceTimersByTimeAsync(UNDO_MS - 1);
    expect(form.getSnapshot().matches('undoable')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(notices.events().at(-1)).toEqual({ type: 'notice.withdrawn', owner: form });
    expect(form.getSnapshot().status).toBe('done');
    expect(api.createEvent).not.toHaveBeenCalled();
  });
});
