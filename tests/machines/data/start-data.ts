// The data actor started for a test, with or without a session, and the answers it is given.
import { createActor, SimulatedClock } from 'xstate';
import { chartKey, dataMachine, type ResourceKey } from '../../../src/machines/data/data.machine';
import { fakeApi, fakePlatform } from '../support';

export const USER_CHART = chartKey({ type: 'user' });

/** A data actor in a session (`refresh.all` as auth sends it), with nothing needed yet. */
export function start({ session = true } = {}) {
  const api = fakeApi();
  const platform = fakePlatform();
  const clock = new SimulatedClock();
  const data = createActor(dataMachine, { input: { api, platform }, clock }).start();
  if (session) data.send({ type: 'refresh.all' });
  const need = (...keys: ResourceKey[]) => data.send({ type: 'resource.needed', keys });
  const release = (...keys: ResourceKey[]) => data.send({ type: 'resource.released', keys });
  return { api, platform, clock, data, need, release };
}

export const SERVER_ERROR = 'The server had a problem. Please try again in a moment.';

export function valuation(value: number) {
  return {
    value: { value, change: 0, changeRatio: 0 },
    positions: { lifetime: 0, realised: 0, unrealised: 0 },
  };
}
