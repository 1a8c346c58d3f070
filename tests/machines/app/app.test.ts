import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, childrenOf, flowDeps } from '../../../src/machines/app/app.machine';
import { fakeApi, fakePlatform } from '../support';

describe('running', () => {
  it('registers auth, period, settings, data and notices in the system', () => {
    const api = fakeApi();
    api.checkAuth.mockResolvedValue(false);
    const platform = fakePlatform();
    const app = createActor(appMachine, { input: { api, platform } }).start();
    const children = childrenOf(app);
    for (const id of ['auth', 'period', 'settings', 'data', 'notices'] as const) {
      expect(app.system.get(id)).toBe(children[id]);
    }
    expect(flowDeps(app)).toEqual({
      api,
      platform,
      data: children.data,
      session: children.auth,
      notices: children.notices,
    });
  });
});
