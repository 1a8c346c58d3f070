// Who waits for the contract to answer no request (issue 37): `prepare` waits for none; a kept
// answer's row for none, or a few more answers when requests keep coming.
import { describe, expect, it } from 'vitest';
import { Answering } from '../../../src/contract/answering';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Answering', () => {
  it('resumes at once when no request is in progress', async () => {
    let resumed = false;
    void new Answering().none().then(() => (resumed = true));
    await turn();
    expect(resumed).toBe(true);
  });

  it('resumes a wait for none only when the last request ends', async () => {
    const answering = new Answering();
    answering.begin();
    answering.begin();
    let resumed = false;
    void answering.none().then(() => (resumed = true));
    answering.end();
    await turn();
    expect(resumed).toBe(false);
    answering.end();
    await turn();
    expect(resumed).toBe(true);
  });

  it('under steady traffic, resumes a bounded wait after that many answers', async () => {
    const answering = new Answering();
    answering.begin();
    let resumed = false;
    void answering.none(3).then(() => (resumed = true));
    // One request always in progress: a new one starts before the last ends.
    for (let answered = 1; answered <= 3; answered++) {
      expect(resumed).toBe(false);
      answering.begin();
      answering.end();
      await turn();
    }
    expect(resumed).toBe(true);
    let unbounded = false;
    void answering.none().then(() => (unbounded = true));
    answering.begin();
    answering.end();
    await turn();
    expect(unbounded).toBe(false);
  });
});
