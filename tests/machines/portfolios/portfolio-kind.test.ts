// A portfolio's kind on its screen (portfolio-kind.machine.ts): saved as chosen, the list then
// stale and the save confirmed; a failure shown; a lost session sends the same choice again.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Api } from '../../../src/api';
import type { PortfolioKind } from '../../../src/domain/tax';
import { portfolioKindMachine } from '../../../src/machines/portfolios';
import { flush, formFakes, http, offline } from '../support';

type Saved = { id: string; kind: PortfolioKind; name: string };

function start(save: (input: Saved) => Promise<unknown>) {
  const { input, ...fakes } = formFakes();
  const calls = vi.fn(save);
  const actor = createActor(
    portfolioKindMachine.provide({
      actors: {
        save: fromPromise<unknown, Saved & { api: Api }>(({ input: { id, kind, name } }) =>
          calls({ id, kind, name }),
        ),
      },
    }),
    { input: { ...input, portfolioId: '3' } },
  ).start();
  return { ...fakes, actor, calls };
}

describe('idle', () => {
  it('saves the kind chosen with the name kept, then marks the list stale and confirms', async () => {
    const { actor, calls, data, notices } = start(() => Promise.resolve({}));
    actor.send({ type: 'kind.chosen', kind: 'aktiesparekonto', name: 'Nordnet ASK' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await flush();
    expect(calls).toHaveBeenCalledExactlyOnceWith({
      id: '3',
      kind: 'aktiesparekonto',
      name: 'Nordnet ASK',
    });
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'portfolio.kindChanged' }]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Portfolio kind saved' } },
    ]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});

describe('saving', () => {
  it('a failure is shown and nothing is announced', async () => {
    const { actor, data } = start(() => Promise.reject(offline()));
    actor.send({ type: 'kind.chosen', kind: 'pension', name: 'P' });
    await flush();
    expect(actor.getSnapshot().context.failure).toMatch(/offline/i);
    expect(data.events()).toEqual([]);
  });

  it('a lost session waits for the login, then sends the same choice again', async () => {
    const { actor, calls, session } = start(() => Promise.resolve({}));
    calls.mockRejectedValueOnce(http(401));
    actor.send({ type: 'kind.chosen', kind: 'pension', name: 'P' });
    await flush();
    expect(actor.getSnapshot().matches('awaitingSession')).toBe(true);
    session.restore();
    await flush();
    expect(calls).toHaveBeenCalledTimes(2);
    expect(calls.mock.calls[1]).toEqual([{ id: '3', kind: 'pension', name: 'P' }]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
