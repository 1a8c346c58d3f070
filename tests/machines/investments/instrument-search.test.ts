import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { httpError } from '../../../src/api/errors';
import type { Instrument } from '../../../src/domain/market';
import {
  instrumentSearchMachine,
  SEARCH_DEBOUNCE_MS,
} from '../../../src/machines/investments/instrument-search.machine';
import { fakeApi, flush } from '../support';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const NOVO: Instrument = {
  type: 'stock',
  code: 'DK0062498333',
  name: 'Novo Nordisk B',
  currency: 'DKK',
};
const NOVONESIS: Instrument = {
  type: 'stock',
  code: 'DK0060336014',
  name: 'Novonesis B',
  currency: 'DKK',
};

function start() {
  const api = fakeApi();
  const identified: Instrument[] = [];
  const actor = createActor(
    instrumentSearchMachine.provide({
      actions: {
        reportIdentified: (_, params: { instrument: Instrument }) =>
          identified.push(params.instrument),
      },
    }),
    { input: { api } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  return { api, actor, identified, snapshot };
}

describe('closed', () => {
  it('asks nothing for fewer than two letters', async () => {
    const { actor, api, snapshot } = start();
    actor.send({ type: 'search.typed', query: ' n ' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(api.searchInstruments).not.toHaveBeenCalled();
    expect(snapshot().hasTag('open')).toBe(false);
  });
});

describe('debouncing', () => {
  it('searches 300 ms after the last keystroke, once, for the latest text', async () => {
    const { actor, api, snapshot } = start();
    api.searchInstruments.mockResolvedValue([NOVO, NOVONESIS]);
    actor.send({ type: 'search.typed', query: 'no' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.typed', query: 'novo' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(api.searchInstruments).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.searchInstruments).toHaveBeenCalledExactlyOnceWith('novo');
    expect(snapshot().hasTag('open')).toBe(true);
    expect(snapshot().context.suggestions).toEqual([NOVO, NOVONESIS]);
  });

  it('drops an answer for older text: typing again cancels the search in flight', async () => {
    const { actor, api, snapshot } = start();
    let answerOld: (found: Instrument[]) => void = () => undefined;
    api.searchInstruments.mockImplementationOnce(
      () => new Promise((resolve) => (answerOld = resolve)),
    );
    api.searchInstruments.mockResolvedValueOnce([NOVONESIS]);
    actor.send({ type: 'search.typed', query: 'novo' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.typed', query: 'novon' });
    answerOld([NOVO]);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(snapshot().context.suggestions).toEqual([NOVONESIS]);
  });
});

describe('open', () => {
  it('arrow keys move the highlight round the list; dismissing closes it', async () => {
    const { actor, api, snapshot } = start();
    api.searchInstruments.mockResolvedValue([NOVO, NOVONESIS]);
    actor.send({ type: 'search.typed', query: 'novo' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(snapshot().context.active).toBe(-1);
    actor.send({ type: 'search.moved', by: 1 });
    expect(snapshot().context.active).toBe(0);
    actor.send({ type: 'search.moved', by: 1 });
    actor.send({ type: 'search.moved', by: 1 });
    expect(snapshot().context.active).toBe(0);
    actor.send({ type: 'search.moved', by: -1 });
    expect(snapshot().context.active).toBe(1);
    actor.send({ type: 'search.dismissed' });
    expect(snapshot().hasTag('open')).toBe(false);
    expect(snapshot().context.suggestions).toEqual([]);
  });

  it('nothing found, or a failed search, shows nothing and says nothing', async () => {
    const { actor, api, snapshot } = start();
    api.searchInstruments.mockResolvedValueOnce([]);
    actor.send({ type: 'search.typed', query: 'zzz' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(snapshot().hasTag('open')).toBe(false);
    api.searchInstruments.mockRejectedValueOnce(httpError(500, {}));
    actor.send({ type: 'search.typed', query: 'novo' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(snapshot().hasTag('open')).toBe(false);
    // A passing failure: the next keystroke searches again.
    api.searchInstruments.mockResolvedValueOnce([NOVO]);
    actor.send({ type: 'search.typed', query: 'novo n' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(snapshot().hasTag('open')).toBe(true);
  });
});

describe('unavailable', () => {
  it('a backend without the call (404) is asked once, then never again', async () => {
    const { actor, api, snapshot } = start();
    api.searchInstruments.mockRejectedValue(httpError(404, { message: 'Not found' }));
    actor.send({ type: 'search.typed', query: 'novo' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(snapshot().matches('unavailable')).toBe(true);
    actor.send({ type: 'search.typed', query: 'novo nordisk' });
    actor.send({ type: 'search.identified', code: 'DK0062498333', instrumentType: 'stock' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(api.searchInstruments).toHaveBeenCalledTimes(1);
    expect(snapshot().hasTag('open')).toBe(false);
  });
});

describe('identifying', () => {
  it('reports the instrument of exactly the code and type looked up, at once', async () => {
    const { actor, api, identified } = start();
    api.searchInstruments.mockResolvedValue([NOVO, NOVONESIS]);
    actor.send({ type: 'search.identified', code: 'dk0062498333', instrumentType: 'stock' });
    await flush();
    expect(api.searchInstruments).toHaveBeenCalledExactlyOnceWith('DK0062498333');
    expect(identified).toEqual([NOVO]);
  });

  it('reports nothing when the answer lacks it (another type, another code)', async () => {
    const { actor, api, identified } = start();
    api.searchInstruments.mockResolvedValue([NOVONESIS]);
    actor.send({ type: 'search.identified', code: 'DK0062498333', instrumentType: 'stock' });
    await flush();
    api.searchInstruments.mockResolvedValue([NOVO]);
    actor.send({ type: 'search.identified', code: 'DK0062498333', instrumentType: 'crypto' });
    await flush();
    expect(identified).toEqual([]);
  });
});
