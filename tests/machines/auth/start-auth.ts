// The app root started for the auth machine's tests, its loads stubbed.
import { createActor } from 'xstate';
import { appMachine, childrenOf } from '../../../src/machines/app/app.machine';
import { LOGGED_IN_KEY } from '../../../src/machines/auth/auth.machine';
import { fakeApi, fakePlatform, offline, portfolio, type FakeApi } from '../support';

export const USER = { name: 'Demo', email: 'demo@example.com' };

function stubLoads(api: FakeApi): void {
  api.getUser.mockResolvedValue(USER);
  api.getValuation.mockResolvedValue({
    value: { value: 1, change: 0, changeRatio: 0 },
    positions: { lifetime: 0, realised: 0, unrealised: 0 },
  });
  api.getPortfolios.mockResolvedValue([portfolio('1')]);
  api.getInvestments.mockResolvedValue([]);
  api.getEvents.mockResolvedValue([]);
  api.getCurrencies.mockResolvedValue(['DKK']);
}

export function start(
  options: {
    flag?: boolean;
    path?: string;
    /** The session check's answer; a promise: one still in flight. */
    loggedIn?: boolean | 'offline' | Promise<boolean>;
  } = {},
) {
  const api = fakeApi();
  stubLoads(api);
  if (options.loggedIn === 'offline') api.checkAuth.mockRejectedValue(offline());
  else if (options.loggedIn instanceof Promise) api.checkAuth.mockReturnValue(options.loggedIn);
  else api.checkAuth.mockResolvedValue(options.loggedIn ?? false);
  const platform = fakePlatform({
    path: options.path ?? '/',
    storage: options.flag ? { [LOGGED_IN_KEY]: 'true' } : {},
  });
  const app = createActor(appMachine, { input: { api, platform } }).start();
  const { auth, data } = childrenOf(app);
  // As the mounted screen would tell it; loaded once a session is open.
  data.send({ type: 'resource.needed', keys: ['user', 'valuation', 'portfolios', 'investments'] });
  return { api, platform, app, auth, data };
}
