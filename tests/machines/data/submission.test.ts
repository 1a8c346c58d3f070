import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, decodeError, networkError } from '../../../src/api/errors';
import {
  afterFailure,
  randomKey,
  STILL_SAVING,
  submissionError,
  submissionFor,
  unsettled,
} from '../../../src/machines/forms/submission';
import { http, keyMaker } from '../support';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('randomKey', () => {
  it('is a fresh v4 UUID each time', () => {
    const keys = Array.from({ length: 20 }, randomKey);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(20);
  });

  it('is one without randomUUID too (plain HTTP is no secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array),
    });
    expect(randomKey()).toMatch(UUID_V4);
    expect(randomKey()).not.toBe(randomKey());
  });
});

describe('submissionFor', () => {
  it('keeps the key while the body is the same, and makes one for another body', () => {
    const newKey = keyMaker();
    const first = submissionFor(undefined, { name: 'Pension' }, newKey);
    expect(first.key).toBe('key-1');
    expect(submissionFor(first, { name: 'Pension' }, newKey)).toBe(first);
    expect(submissionFor(first, { name: 'Savings' }, newKey).key).toBe('key-2');
  });
});

describe('after a failure', () => {
  it.each([
    ['no answer', networkError(), true],
    ['an answer Formue cannot read (the create may have run)', decodeError('data.id'), true],
    ['a 5xx, which the server does not keep', http(500), true],
    ['409 (the first still runs)', http(409), true],
    ['a lost session', http(401), true],
    ['429', http(429), true],
    ['422, which the server keeps', http(422), false],
    ['404, which the server keeps', http(404), false],
  ])('%s: the same key again is %s', (_, error, again) => {
    expect(unsettled(error)).toBe(again);
    const submission = { key: 'key-1', body: '{}' };
    expect(afterFailure(submission, error)).toBe(again ? submission : undefined);
  });

  it('409 is said plainly; other failures are left as they are', () => {
    const said = submissionError(http(409, { message: 'A request with this idempotency key…' }));
    expect(said).toBeInstanceOf(ApiError);
    expect(said).toMatchObject({ status: 409, message: STILL_SAVING });
    const other = http(500);
    expect(submissionError(other)).toBe(other);
  });
});
