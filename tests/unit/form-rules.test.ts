// The forms' pure rules (src/machines/forms), as tables: what each form takes, refuses, totals
// and sends. The flows that use them are tested in tests/machines.
import { describe, expect, it } from 'vitest';
import type { EventKind } from '../../src/domain/types';
import { DATE_MESSAGES } from '../../src/machines/date-rule';
import {
  acceptsChange,
  changeValues,
  emptyValues,
  eventPayload,
  eventRules,
  heldMessage,
  splitRatio,
  tradeTotal,
  type EventField,
  type EventValues,
} from '../../src/machines/forms/event.rules';
import { PORTFOLIO_RULES } from '../../src/machines/forms/portfolio.rules';
import { decimalsMessage, RULE_MESSAGES } from '../../src/machines/form-rules';

const TODAY = '2024-06-15';
const form = (values: Partial<EventValues>): EventValues => ({ ...emptyValues(TODAY), ...values });

describe('event rules', () => {
  it.each<
    [EventKind, Partial<EventValues>, number | undefined, Partial<Record<EventField, string[]>>]
  >([
    ['buy', { shares: '2', share_price: '10' }, undefined, {}],
    ['buy', { shares: '', share_price: '10' }, undefined, { shares: [RULE_MESSAGES.required] }],
    ['buy', { shares: '0', share_price: '0' }, undefined, { shares: [RULE_MESSAGES.positive] }],
    [
      'buy',
      { shares: '1', share_price: '1.1234567' },
      undefined,
      { share_price: [decimalsMessage('money')] },
    ],
    ['sell', { shares: '11', share_price: '1' }, 10, { shares: [heldMessage(10)] }],
    ['sell', { shares: '11', share_price: '1' }, undefined, {}],
    ['dividend', { amount: '0' }, undefined, { amount: [RULE_MESSAGES.positive] }],
    [
      'split',
      { shares_after: '20', sold_shares: 'x' },
      undefined,
      { sold_shares: [RULE_MESSAGES.number] },
    ],
    [
      'buy',
      { shares: '1', share_price: '1', date: '2024-06-16' },
      undefined,
      { date: [DATE_MESSAGES.future] },
    ],
  ])('%s %o (held limit %s) → %o', (kind, values, held, errors) => {
    expect(eventRules({ kind, today: TODAY }, form(values), held)).toEqual(errors);
  });

  it.each<[EventKind, EventField, Partial<EventValues>, boolean]>([
    ['buy', 'shares', {}, true],
    ['buy', 'amount', {}, false],
    ['dividend', 'amount', {}, true],
    ['split', 'sold_shares', { shares_after: '20' }, false],
    ['split', 'sold_shares', { shares_after: '5' }, true],
  ])('%s takes %s with %o: %s', (kind, field, values, takes) => {
    expect(acceptsChange({ kind, currentShares: 10 }, form(values), field)).toBe(takes);
  });

  it('a split that no longer shrinks the holding empties its sold part', () => {
    const setting = { kind: 'split' as const, currentShares: 10, today: TODAY };
    const before = { values: form({ shares_after: '5', sold_shares: '1' }), fieldErrors: {} };
    const after = changeValues(setting, before, 'shares_after', '20');
    expect(after.values).toMatchObject({ shares_after: '20', sold_shares: '' });
  });

  it('a future day is flagged as it is typed', () => {
    const setting = { kind: 'buy' as const, currentShares: 0, today: TODAY };
    const after = changeValues(
      setting,
      { values: form({}), fieldErrors: {} },
      'date',
      '2030-01-01',
    );
    expect(after.fieldErrors).toEqual({ date: [DATE_MESSAGES.future] });
  });

  it.each<[EventKind, Partial<EventValues>, number | undefined]>([
    ['buy', { shares: '2', share_price: '10', fee: '1' }, 21],
    ['sell', { shares: '2', share_price: '10', fee: '1' }, 19],
    ['buy', { shares: '2', share_price: '10', fee: '' }, 20],
    ['buy', { shares: '2', share_price: '' }, undefined],
    ['buy', { shares: '9'.repeat(400), share_price: '1' }, undefined],
    ['dividend', { amount: '5' }, undefined],
  ])('%s %o totals %s', (kind, values, total) => {
    expect(tradeTotal(kind, form(values))).toBe(total);
  });

  it.each([
    ['10', '20', '1:2'],
    ['10', '5', '2:1'],
    ['10', '', '1:1'],
  ])('%s shares becoming %s split %s', (before, after, ratio) => {
    expect(splitRatio(form({ shares_after: after }), Number(before))).toBe(ratio);
  });

  it.each<[EventKind, Partial<EventValues>, string | undefined, object]>([
    [
      'buy',
      { shares: '2', share_price: '10,5', fee: '' },
      TODAY,
      { date: TODAY, shares: 2, share_price: 10.5, fee: 0, currency_code: 'DKK' },
    ],
    [
      'dividend',
      { amount: '3', currency_code: 'USD' },
      undefined,
      { amount: 3, currency_code: 'USD' },
    ],
    [
      'split',
      { shares_after: '20' },
      undefined,
      {
        shares_after: 20,
        fee: 0,
        currency_code: 'DKK',
        sold_shares: 0,
        sold_share_price: 0,
        hide: false,
      },
    ],
  ])('%s %o dated %s sends %o', (kind, values, date, payload) => {
    expect(eventPayload(kind, form(values), date)).toEqual(payload);
  });
});

describe('portfolio rules', () => {
  it.each([
    ['Pension', {}],
    ['   ', { name: [RULE_MESSAGES.required] }],
    ['x'.repeat(256), { name: [RULE_MESSAGES.tooLong] }],
    ['📈'.repeat(255), {}],
  ])('%j → %o', (name, errors) => {
    expect(PORTFOLIO_RULES.check({ values: { name } })).toEqual(errors);
  });

  it('sends the trimmed name', () => {
    expect(PORTFOLIO_RULES.body({ values: { name: ' Pension ' } })).toEqual({ name: 'Pension' });
  });
});
