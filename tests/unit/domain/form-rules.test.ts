// The forms' pure rules (src/machines/<feature>/*.rules.ts), as tables: what each form takes, refuses, totals
// and sends. The flows that use them are tested in tests/machines.
import { describe, expect, it } from 'vitest';
import type { EventKind } from '../../../src/domain/types';
import { DATE_MESSAGES } from '../../../src/machines/forms/date-rule';
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
} from '../../../src/machines/events/event.rules';
import {
  changeInvestment,
  chooseInstrument,
  detailsRules,
  identifiedValues,
  instrumentRefusal,
  instrumentRules,
  investmentPayload,
  onlyFieldsRefused,
  pageComplete,
  verdictErrors,
  type InvestmentValues,
} from '../../../src/machines/investments/investment.rules';
import { httpError } from '../../../src/api/errors';
import type { IdentifierStatus } from '../../../src/machines/investments/identifier-check.machine';
import { PORTFOLIO_RULES } from '../../../src/machines/portfolios/portfolio.rules';
import {
  changePrice,
  hasOlder,
  latestRange,
  olderRange,
  pricePayload,
  priceRules,
  type PriceValues,
} from '../../../src/machines/prices/price.rules';
import { decimalsMessage, RULE_MESSAGES } from '../../../src/machines/forms/form-rules';

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
    ['dividend', { amount: '10', withholding_tax: '2,7' }, undefined, {}],
    ['dividend', { amount: '10', withholding_tax: '10' }, undefined, {}],
    [
      'dividend',
      { amount: '10', withholding_tax: '10.01' },
      undefined,
      { withholding_tax: ['Must not be more than the dividend.'] },
    ],
    [
      'dividend',
      { amount: '10', withholding_tax: '-1' },
      undefined,
      { withholding_tax: [RULE_MESSAGES.number] },
    ],
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
      'dividend',
      { amount: '3', withholding_tax: '0,45', currency_code: 'USD' },
      undefined,
      { amount: 3, withholding_tax: 0.45, currency_code: 'USD' },
    ],
    [
      'split',
      { shares_after: '5', sold_shares: '2', sold_share_price: '12,5' },
      undefined,
      { shares_after: 5, sold_shares: 2, sold_share_price: 12.5, hide: false },
    ],
  ])('%s %o dated %s sends %o', (kind, values, date, payload) => {
    expect(eventPayload(kind, form(values), date)).toMatchObject(payload);
  });

  it('a dividend without tax withheld sends none', () => {
    expect(eventPayload('dividend', form({ amount: '3' }))).not.toHaveProperty('withholding_tax');
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

const INVESTMENT: InvestmentValues = {
  portfolio_id: '1',
  type: 'stock',
  name: 'Novo',
  isin: 'DK0062498333',
  date: TODAY,
  shares: '2',
  share_price: '100',
  fee: '0.00',
  currency_code: 'DKK',
};

describe('investment rules', () => {
  it.each<[Partial<InvestmentValues>, object]>([
    [{}, {}],
    [{ portfolio_id: '' }, { portfolio_id: [RULE_MESSAGES.required] }],
    [{ name: ' ' }, { name: [RULE_MESSAGES.required] }],
    [{ isin: '' }, { isin: [RULE_MESSAGES.required] }],
  ])('page 1 %o → %o', (values, errors) => {
    expect(instrumentRules({ ...INVESTMENT, ...values })).toEqual(errors);
  });

  it.each<[Partial<InvestmentValues>, object]>([
    [{}, {}],
    [{ shares: '0' }, { shares: [RULE_MESSAGES.positive] }],
    [{ share_price: '' }, { share_price: [RULE_MESSAGES.required] }],
    [{ fee: '-1' }, { fee: [RULE_MESSAGES.number] }],
    [{ date: '2030-01-01' }, { date: [DATE_MESSAGES.future] }],
  ])('page 2 %o → %o', (values, errors) => {
    expect(detailsRules({ ...INVESTMENT, ...values }, TODAY)).toEqual(errors);
  });

  it.each<[keyof InvestmentValues, string, Partial<InvestmentValues>]>([
    ['isin', 'dk0062498333', { isin: 'DK0062498333' }],
    ['type', 'crypto', { type: 'crypto' }],
    ['type', 'anything', { type: 'stock' }],
    ['name', 'Novo B', { name: 'Novo B' }],
  ])('typing %s %j gives %o, and marks it edited', (field, value, values) => {
    const form = { today: TODAY, values: INVESTMENT, fieldErrors: {}, edited: [] };
    const after = changeInvestment(form, field, value);
    expect(after.values).toMatchObject(values);
    expect(after.edited).toEqual([field]);
  });

  it('a chosen instrument fills name, code, type and currency, and clears their errors', () => {
    const form = { values: INVESTMENT, fieldErrors: { name: ['x'], shares: ['y'] } };
    const after = chooseInstrument(form, {
      name: 'Bitcoin',
      code: 'BTC',
      type: 'crypto',
      currency: 'USD',
    });
    expect(after.values).toMatchObject({ name: 'Bitcoin', isin: 'BTC', type: 'crypto' });
    expect(after.values.currency_code).toBe('USD');
    expect(after.fieldErrors).toEqual({ shares: ['y'] });
  });

  it.each<['instrument' | 'details', Partial<InvestmentValues>, object, boolean]>([
    ['instrument', {}, {}, true],
    ['instrument', { name: '' }, {}, false],
    ['instrument', {}, { isin: ['Unknown code.'] }, false],
    ['instrument', {}, { shares: ['Too many.'] }, true],
    ['details', { shares: '' }, {}, false],
    ['details', {}, { fee: ['Too high.'] }, false],
    ['details', {}, { isin: ['Unknown code.'] }, true],
  ])('%s with %o and errors %o can be left forward: %s', (page, values, fieldErrors, complete) => {
    const form = { today: TODAY, values: { ...INVESTMENT, ...values }, fieldErrors };
    expect(pageComplete(page, form)).toBe(complete);
  });

  const refused = (errors: Record<string, string[]>) =>
    httpError(422, { message: 'Refused.', errors });

  it.each<[unknown, object, boolean]>([
    [refused({ 'instrument.isin': ['Bad.'] }), { isin: ['Bad.'] }, true],
    [refused({ 'buy_event.shares': ['Bad.'] }), {}, true],
    [refused({ 'other.key': ['Bad.'] }), {}, false],
    [httpError(500, {}), {}, false],
  ])('a refusal %o shows on page 1 as %o; names fields only: %s', (error, page1, fieldsOnly) => {
    expect(instrumentRefusal(error)).toEqual(page1);
    expect(onlyFieldsRefused(error)).toBe(fieldsOnly);
  });

  it.each<[IdentifierStatus, string | undefined, string | undefined, object]>([
    [
      'invalid',
      'Not an ISIN.',
      'The check digit is wrong.',
      { isin: ['Not an ISIN.', 'The check digit is wrong.'], fee: ['x'] },
    ],
    ['invalid', 'Not an ISIN.', undefined, { isin: ['Not an ISIN.'], fee: ['x'] }],
    ['valid', undefined, undefined, { fee: ['x'] }],
  ])('a verdict %s (%s, %s) leaves the errors %o', (status, message, detail, errors) => {
    const verdict = { type: 'identifier.verdict' as const, code: 'X', status, message, detail };
    expect(verdictErrors({ isin: ['old'], fee: ['x'] }, verdict)).toEqual(errors);
  });

  it.each<[Partial<InvestmentValues>, readonly (keyof InvestmentValues)[], object]>([
    [{ name: '' }, [], { name: 'Apple Inc.', currency_code: 'USD' }],
    [{ name: 'Apple' }, [], { name: 'Apple', currency_code: 'USD' }],
    [
      { name: '', currency_code: 'EUR' },
      ['currency_code'],
      { name: 'Apple Inc.', currency_code: 'EUR' },
    ],
  ])('an identified instrument over %o (edited %o) gives %o', (values, edited, after) => {
    const instrument = {
      name: 'Apple Inc.',
      code: 'US0378331005',
      type: 'stock' as const,
      currency: 'USD',
    };
    const form = { values: { ...INVESTMENT, ...values }, edited };
    expect(identifiedValues(form, instrument)).toMatchObject(after);
  });

  it('sends the trimmed name and code, and the first buy in numbers', () => {
    expect(investmentPayload({ ...INVESTMENT, name: ' Novo ', fee: '' })).toEqual({
      investment: { portfolio_id: '1', name: 'Novo' },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: { date: TODAY, shares: 2, share_price: 100, fee: 0, currency_code: 'DKK' },
    });
  });
});

describe('price rules', () => {
  const price = (values: Partial<PriceValues>): PriceValues => ({
    date: TODAY,
    price: '10',
    currency_code: 'DKK',
    ...values,
  });

  it.each<[Partial<PriceValues>, object]>([
    [{}, {}],
    [{ price: '0' }, { price: [RULE_MESSAGES.positive] }],
    [{ price: '1.1234567' }, { price: [decimalsMessage('money')] }],
    [{ currency_code: '' }, { currency_code: [RULE_MESSAGES.required] }],
    [{ date: '2030-01-01' }, { date: [DATE_MESSAGES.future] }],
  ])('%o → %o', (values, errors) => {
    expect(priceRules(price(values), TODAY)).toEqual(errors);
  });

  it('a future day is flagged as it is typed; another field only loses its error', () => {
    const form = { today: TODAY, values: price({}), fieldErrors: { price: ['x'] } };
    expect(changePrice(form, 'date', '2030-01-01').fieldErrors).toEqual({
      price: ['x'],
      date: [DATE_MESSAGES.future],
    });
    expect(changePrice(form, 'price', '11').fieldErrors).toEqual({});
  });

  it('sends the price as a number', () => {
    expect(pricePayload(price({ price: '10,5' }))).toEqual({
      date: TODAY,
      price: 10.5,
      currency_code: 'DKK',
    });
  });

  it.each([
    [TODAY, { from: '2024-05-16', to: TODAY }],
    ['2024-03-01', { from: '2024-01-31', to: '2024-03-01' }],
  ])('the first page up to %s is %o', (today, range) => {
    expect(latestRange(today)).toEqual(range);
  });

  it.each([
    ['2024-05-16', { from: '2024-04-15', to: '2024-05-15' }],
    ['2024-03-01', { from: '2024-01-30', to: '2024-02-29' }],
  ])('the page before %s is %o', (from, range) => {
    expect(olderRange(from)).toEqual(range);
  });

  it.each<[string, string | undefined, boolean]>([
    ['2024-05-16', undefined, true],
    ['2024-05-16', '2024-01-01', true],
    ['2024-05-16', '2024-05-16', false],
  ])('a list from %s with the first event on %s has older pages: %s', (from, since, older) => {
    expect(hasOlder({ from, since })).toBe(older);
  });
});
