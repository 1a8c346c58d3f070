// A kept answer's JSON text is sent as it is (issue 37): the HTTP adapter does not serialize its
// body again, and the client gets the same JSON answer with the same Content-Type.
import { describe, expect, it } from 'vitest';
import { jsonWithText, type Answer } from '../../src/contract/answers';
import type { Contract } from '../../src/contract/kernel';
import { buildApp } from '../../src/server/app';

/** A contract answering every request with `answer`. */
const answering = (answer: Answer): Contract => ({
  handle: () => Promise.resolve(answer),
  routes: [],
  bodyLimit: () => ({ bytes: 1_000, message: 'Too large.' }),
  settled: () => Promise.resolve(),
  prepare: () => Promise.resolve({ users: 0, answers: 0, full: false }),
});

async function get(answer: Answer) {
  const app = await buildApp({
    contract: answering(answer),
    healthy: () => Promise.resolve(true),
    logger: false,
  });
  try {
    return await app.inject({ method: 'GET', url: '/api/v1/user/valuation' });
  } finally {
    await app.close();
  }
}

describe('a kept answer’s text', () => {
  it('is sent as it is, with the Content-Type a serialized body gets', async () => {
    const value = { valuation: { value: { value: 1234.5, currency: 'DKK' } } };
    const serialized = await get({ status: 200, body: value, headers: {}, cookies: [] });
    // Serializing it again would fail the request.
    const unserializable = {
      toJSON: () => {
        throw new Error('serialized again');
      },
    };
    const kept = await get(jsonWithText(200, unserializable, JSON.stringify(value)));
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['content-type']).toBe(serialized.headers['content-type']);
    expect(kept.payload).toBe(serialized.payload);
    expect(kept.json()).toEqual(value);
  });

  it('goes with its body: an answer given another body is serialized', async () => {
    const kept = jsonWithText(200, { value: 1 }, JSON.stringify({ value: 1 }));
    const other = await get({ ...kept, body: { value: 2 } });
    expect(other.json()).toEqual({ value: 2 });
  });
});
