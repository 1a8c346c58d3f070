import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, childrenOf } from '../../../src/machines/app/app.machine';
import { createPortfolioMachine } from '../../../src/machines/portfolios/create-portfolio.machine';
import { flowsMachine, type FlowsActor } from '../../../src/machines/app/flows.machine';
import { startFlow } from '../../../src/machines/app/start-flow';
import {
  deferred,
  fakeApi,
  fakePlatform,
  fakeSession,
  flush,
  keyMaker,
  portfolio,
  recorder,
} from '../support';

function portfolioForm(host: FlowsActor, id: string) {
  const api = fakeApi();
  const data = recorder();
  const notices = recorder();
  const form = startFlow(host, id, createPortfolioMachine, {
    api,
    data: data.ref,
    session: fakeSession().session,
    platform: fakePlatform({ path: '/portfolios/create' }),
    notices: notices.ref,
    newKey: keyMaker(),
  });
  return { api, data, notices, form };
}

const live = (host: FlowsActor) => Object.keys(host.getSnapshot().children);

describe('the flows host', () => {
  it('a flow whose view went mid-save finishes under it, tells data, and is gone after', async () => {
    const host = createActor(flowsMachine).start();
    const { api, data, form } = portfolioForm(host, 'form-1');
    expect(live(host)).toEqual(['form-1']);
    const call = deferred<ReturnType<typeof portfolio>>();
    api.createPortfolio.mockReturnValue(call.promise);
    form.send({ type: 'form.submitted', values: { name: 'Pension' } });
    form.send({ type: 'flow.detached' });
    expect(live(host)).toEqual(['form-1']);
    call.resolve(portfolio('3', 'Pension'));
    await flush();
    expect(data.types()).toEqual(['portfolio.created']);
    expect(live(host)).toEqual([]);
  });

  it('200 forms opened and closed leave no flow behind', () => {
    const host = createActor(flowsMachine).start();
    for (let n = 0; n < 200; n += 1) {
      const { form } = portfolioForm(host, `form-${n}`);
      form.send({ type: 'flow.detached' });
    }
    expect(live(host)).toEqual([]);
  });

  it('a second start under a running id is the same flow', () => {
    const host = createActor(flowsMachine).start();
    const first = portfolioForm(host, 'form-1').form;
    expect(portfolioForm(host, 'form-1').form).toBe(first);
    expect(live(host)).toEqual(['form-1']);
  });

  it("is the app's `flows` child: stopping the app stops its flows", () => {
    const api = fakeApi();
    api.checkAuth.mockResolvedValue(false);
    const app = createActor(appMachine, { input: { api, platform: fakePlatform() } }).start();
    const { flows } = childrenOf(app);
    expect(app.system.get('flows')).toBe(flows);
    const { form } = portfolioForm(flows, 'form-1');
    app.stop();
    expect(form.getSnapshot().status).toBe('stopped');
  });
});
