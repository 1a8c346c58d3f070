// The create-event flow, headless: editing, its client rules, and submitting.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createEventMachine } from '../../../src/machines/events/create-event.machine';
import {
  heldMessage,
  soldSharesEnabled,
  splitRatio,
  type EventField,
} from '../../../src/machines/events/event.rules';
import type { EventKind } from '../../../src/domain/types';
import {
  deferred,
  flush,
  http,
  invalid,
  offline,
  startCreateEvent,
  transaction,
  TEST_TODAY,
} from '../support';

const TODAY = TEST_TODAY;
const start = startCreateEvent;

describe('editing', () => {
  it("starts with a suggestion's values instead of the defaults", () => {
    const form = createActor(createEventMachine, {
      input: {
        ...startCreateEvent('dividend').form.getSnapshot().context.input,
        prefill: { date: '2024-08-12', amount: '25', currency_code: 'USD' },
      },
    }).start();
    expect(form.getSnapshot().context.values).toMatchObject({
      date: '2024-08-12',
      amount: '25',
      currency_code: 'USD',
      fee: '0.00',
    });
  });

  it('defaults: fee 0.00, currency DKK, split ratio 1:1', () => {
    const { form } = start('split');
    expect(form.getSnapshot().context.values.fee).toBe('0.00');
    expect(form.getSnapshot().context.values.currency_code).toBe('DKK');
    expect(splitRatio(form.getSnapshot().context.values, 10)).toBe('1:1');
  });

  it('split: the sold-shares section is enabled only when shares after split is below the holding', () => {
    const { form, change } = start('split', 10);
    expect(soldSharesEnabled(form.getSnapshot().context.values, 10)).toBe(false);
    change('sold_shares', '2');
    expect(form.getSnapshot().context.values.sold_shares).toBe('');
    change('shares_after', '5');
    expect(soldSharesEnabled(form.getSnapshot().context.values, 10)).toBe(true);
    expect(splitRatio(form.getSnapshot().context.values, 10)).toBe('2:1');
    change('sold_shares', '1');
    change('sold_share_price', '12,50');
    change('shares_after', '20');
    expect(soldSharesEnabled(form.getSnapshot().context.values, 10)).toBe(false);
    expect(form.getSnapshot().context.values.sold_shares).toBe('');
    expect(form.getSnapshot().context.values.sold_share_price).toBe('');
    expect(splitRatio(form.getSnapshot().context.values, 10)).toBe('1:2');
  });

  it('split: emptying shares after split clears the sold section', () => {
    const { form, change } = start('split', 10);
    change('shares_after', '5');
    change('sold_shares', '1');
    change('shares_after', '');
    expect(form.getSnapshot().context.values.sold_shares).toBe('');
  });
});

describe('checking (client rules)', () => {
  const cases: [
    EventKind,
    Partial<Record<EventField, string>>,
    Partial<Record<EventField, string[]>>,
  ][] = [
    ['buy', { shares: '0', share_price: '1' }, { shares: ['Must be greater than 0.'] }],
    [
      'buy',
      { shares: '', share_price: '' },
      { shares: ['This field is required.'], share_price: ['This field is required.'] },
    ],
    [
      'buy',
      { shares: '1', share_price: '1', fee: '-1' },
      { fee: ['Must be a number, like 12.50.'] },
    ],
    [
      'buy',
      { shares: '1', share_price: '1', currency_code: '' },
      { currency_code: ['This field is required.'] },
    ],
    ['sell', { shares: '11', share_price: '1' }, { shares: [heldMessage(10)] }],
    ['dividend', { amount: '0' }, { amount: ['Must be greater than 0.'] }],
    ['split', { shares_after: '0' }, { shares_after: ['Must be greater than 0.'] }],
  ];
  it.each(cases)('%s %o is refused with %o', (kind, values, errors) => {
    const { form, change, api } = start(kind, 10);
    for (const [field, value] of Object.entries(values)) change(field as EventField, value);
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors).toEqual(errors);
    expect(api.createEvent).not.toHaveBeenCalled();
  });

  it('the sale limit names the holding', () => {
    expect(heldMessage(10)).toContain('10');
  });
});

describe('submitting', () => {
  it('sends the payload of each kind with fee and sold fields 0 when empty', async () => {
    const expected: [EventKind, Partial<Record<EventField, string>>, object][] = [
      [
        'buy',
        { shares: '2', share_price: '142,90', fee: '' },
        { date: TODAY, shares: 2, share_price: 142.9, fee: 0, currency_code: 'DKK' },
      ],
      [
        'sell',
        { shares: '10', share_price: '0', fee: '1.30' },
        { date: TODAY, shares: 10, share_price: 0, fee: 1.3, currency_code: 'DKK' },
      ],
      ['dividend', { amount: '55.5' }, { date: TODAY, amount: 55.5, currency_code: 'DKK' }],
      [
        'split',
        { shares_after: '20', fee: '' },
        {
          date: TODAY,
          shares_after: 20,
          fee: 0,
          currency_code: 'DKK',
          sold_shares: 0,
          sold_share_price: 0,
          hide: false,
        },
      ],
    ];
    for (const [kind, values, payload] of expected) {
      const { form, change, api } = start(kind, 10);
      api.createEvent.mockResolvedValue(transaction('1'));
      for (const [field, value] of Object.entries(values)) change(field as EventField, value);
      form.send({ type: 'form.submitted' });
      await flush();
      expect(api.createEvent).toHaveBeenCalledWith('5', kind, payload, {
        idempotencyKey: 'key-1',
      });
    }
  });

  it('a second submit while in flight is ignored', async () => {
    const { form, change, api } = start('buy');
    api.createEvent.mockReturnValue(deferred<never>().promise);
    change('shares', '1');
    change('share_price', '1');
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().hasTag('submitting')).toBe(true);
    form.send({ type: 'form.submitted' });
    await flush();
    form.send({ type: 'form.submitted' });
    expect(api.createEvent).toHaveBeenCalledOnce();
  });

  it('success: announces the event as created, confirms and closes', async () => {
    const { form, change, api, data, overlay, notices } = start('buy');
    api.createEvent.mockResolvedValue(transaction('77'));
    change('shares', '1');
    change('share_price', '1');
    form.send({ type: 'form.submitted' });
    await flush();
    // What it leaves stale is the data machine's to reload (changes.ts).
    expect(data.events()).toEqual([{ type: 'event.created', event: transaction('77') }]);
    expect(notices.events()).toEqual([{ type: 'notice.posted', notice: { text: 'Buy saved' } }]);
    expect(overlay.types()).toEqual(['overlay.closed']);
    expect(form.getSnapshot().status).toBe('done');
  });

  it.each([
    ['sell', { shares: '2', share_price: '5' }, 'Sell saved'],
    ['dividend', { amount: '12' }, 'Dividend saved'],
    ['split', { shares_after: '20' }, 'Split saved'],
  ] as const)('a %s confirms itself', async (kind, values, text) => {
    const { form, change, api, notices } = start(kind, 10);
    api.createEvent.mockResolvedValue(transaction('78'));
    for (const [field, value] of Object.entries(values)) change(field as EventField, value);
    form.send({ type: 'form.submitted' });
    await flush();
    expect(notices.events()).toEqual([{ type: 'notice.posted', notice: { text } }]);
  });

  it('422: old errors cleared, server errors shown under fields, values kept', async () => {
    const { form, change, api } = start('sell');
    api.createEvent.mockRejectedValueOnce(invalid({ shares: ['You hold 4 shares.'] }));
    change('shares', '3');
    change('share_price', '1');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().context.fieldErrors).toEqual({ shares: ['You hold 4 shares.'] });
    const next = deferred<never>();
    api.createEvent.mockReturnValueOnce(next.promise);
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().context.fieldErrors).toEqual({});
    next.reject(invalid({ share_price: ['Bad price.'] }));
    await flush();
    expect(form.getSnapshot().context.fieldErrors).toEqual({ share_price: ['Bad price.'] });
    expect(form.getSnapshot().context.values.shares).toBe('3');
  });

  it.each([
    ['offline', offline(), 'You appear to be offline. Check your connection and try again.'],
    ['5xx', http(500), 'The server had a problem. Please try again in a moment.'],
    ['429', http(429, {}, '7'), 'Too many requests. Try again in 7 seconds.'],
    ['404', http(404), 'Not found. It may have been deleted.'],
  ])('%s: one message, values kept, nothing announced', async (_name, error, message) => {
    const { form, change, api, data, overlay } = start('dividend');
    api.createEvent.mockRejectedValue(error);
    change('amount', '10');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(form.getSnapshot().context.formError).toBe(message);
    expect(form.getSnapshot().context.values.amount).toBe('10');
    expect(data.types()).toEqual([]);
    expect(overlay.types()).toEqual([]);
  });

  it('an unmapped 422 key is shown as the form message, never dropped', async () => {
    const { form, change, api } = start('buy');
    api.createEvent.mockRejectedValue(invalid({ event: ['The event is locked.'] }));
    change('shares', '1');
    change('share_price', '1');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().context.formError).toBe('The event is locked.');
  });
});
