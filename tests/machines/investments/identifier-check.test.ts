import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  IDENTIFIER_DEBOUNCE_MS,
  identifierCheckMachine,
  INVALID_ISIN,
  INVALID_SYMBOL,
  type IdentifierStatus,
} from '../../../src/machines/investments/identifier-check.machine';
import { deferred, fakeApi, flush, offline } from '../support';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start(instrumentType: 'stock' | 'crypto' = 'stock') {
  const api = fakeApi();
  const verdicts: { code: string; status: IdentifierStatus; message: string | undefined }[] = [];
  const actor = createActor(
    identifierCheckMachine.provide({
      actions: {
        reportVerdict: ({ context }, params: { status: IdentifierStatus }) =>
          verdicts.push({ code: context.code, status: params.status, message: context.message }),
      },
    }),
    { input: { api, instrumentType } },
  ).start();
  return { api, actor, verdicts, last: () => verdicts.at(-1) };
}

describe('empty', () => {
  it('starts empty and checks nothing', () => {
    const { actor, api } = start();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    actor.send({ type: 'identifier.type.changed', instrumentType: 'crypto' });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(api.validateInstrument).not.toHaveBeenCalled();
  });
});

describe('debouncing', () => {
  it('upper-cases the input and waits 500 ms after the last keystroke', async () => {
    const { actor, api } = start();
    api.validateInstrument.mockResolvedValue(true);
    actor.send({ type: 'identifier.changed', value: 'us03783310' });
    vi.advanceTimersByTime(IDENTIFIER_DEBOUNCE_MS - 100);
    actor.send({ type: 'identifier.changed', value: 'us0378331005' });
    expect(actor.getSnapshot().context.code).toBe('US0378331005');
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    vi.advanceTimersByTime(IDENTIFIER_DEBOUNCE_MS - 1);
    expect(api.validateInstrument).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.validateInstrument).toHaveBeenCalledExactlyOnceWith('US0378331005', 'stock');
  });
});

describe('checking', () => {
  it('a stock code with a bad check digit is invalid without asking the server', async () => {
    const { actor, api, last } = start();
    actor.send({ type: 'identifier.changed', value: 'US0378331003' });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(actor.getSnapshot().matches('invalid')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe(INVALID_ISIN);
    expect(last()).toEqual({ code: 'US0378331003', status: 'invalid', message: INVALID_ISIN });
    expect(api.validateInstrument).not.toHaveBeenCalled();
  });

  it('a well-formed ISIN the server does not know is invalid', async () => {
    const { actor, api } = start();
    api.validateInstrument.mockResolvedValue(false);
    actor.send({ type: 'identifier.changed', value: 'DE0005140008' });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.message).toBe(INVALID_ISIN);
  });

  it('crypto is checked by the server only', async () => {
    const { actor, api, last } = start('crypto');
    api.validateInstrument.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    actor.send({ type: 'identifier.changed', value: 'nosuchcoin' });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(api.validateInstrument).toHaveBeenLastCalledWith('NOSUCHCOIN', 'crypto');
    expect(last()?.message).toBe(INVALID_SYMBOL);
    actor.send({ type: 'identifier.changed', value: 'eth' });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(actor.getSnapshot().matches('valid')).toBe(true);
    expect(last()).toEqual({ code: 'ETH', status: 'valid', message: undefined });
  });

  it('a stale answer never overwrites a newer input', async () => {
    const { actor, api, verdicts } = start('crypto');
    const old = deferred<boolean>();
    api.validateInstrument
      .mockReturnValueOnce(old.promise)
      .mockReturnValueOnce(deferred<boolean>().promise);
    actor.send({ type: 'identifier.changed', value: 'BTC' });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    actor.send({ type: 'identifier.changed', value: 'BTCX' });
    old.resolve(false);
    await flush();
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    expect(verdicts.some((v) => v.status === 'invalid')).toBe(false);
  });

  it('changing the type re-checks at once', async () => {
    const { actor, api } = start('stock');
    api.validateInstrument.mockResolvedValue(true);
    actor.send({ type: 'identifier.changed', value: 'BTC' });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.message).toBe(INVALID_ISIN);
    actor.send({ type: 'identifier.type.changed', instrumentType: 'crypto' });
    await flush();
    expect(api.validateInstrument).toHaveBeenCalledWith('BTC', 'crypto');
    expect(actor.getSnapshot().matches('valid')).toBe(true);
  });

  it('when the server cannot be asked the code is not flagged invalid', async () => {
    const { actor, api, last } = start('crypto');
    api.validateInstrument.mockRejectedValue(offline());
    actor.send({ type: 'identifier.changed', value: 'ETH' });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(actor.getSnapshot().matches('unverified')).toBe(true);
    expect(actor.getSnapshot().hasTag('invalid')).toBe(false);
    expect(last()?.status).toBe('unverified');
  });
});

describe('invalid: what is wrong', () => {
  it.each([
    ['stock', 'US0378331003', undefined, 'The check digit is wrong: expected 5.'],
    ['stock', 'US03783310', undefined, 'An ISIN has 12 characters; this has 10.'],
    ['stock', 'DE0005140008', false, 'No instrument with this ISIN is known.'],
    ['crypto', 'NOSUCHCOIN', false, 'No crypto currency with this symbol is known.'],
  ] as const)('%s %s: %s', async (type, code, known, detail) => {
    const { actor, api } = start(type);
    if (known !== undefined) api.validateInstrument.mockResolvedValue(known);
    actor.send({ type: 'identifier.changed', value: code });
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.detail).toBe(detail);
    actor.send({ type: 'identifier.changed', value: '' });
    expect(actor.getSnapshot().context.detail).toBeUndefined();
  });
});
