// @vitest-environment jsdom
import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, childrenOf } from '../../../src/machines/app/app.machine';
import { AppActorProvider } from '../../../src/ui/app/app-actor';
import { useCreatePortfolio } from '../../../src/ui/portfolios/use-create-portfolio';
import { fakeApi, fakePlatform, flush } from '../../machines/support';

function startApp() {
  const api = fakeApi();
  api.checkAuth.mockResolvedValue(false);
  return createActor(appMachine, { input: { api, platform: fakePlatform() } }).start();
}

let app: ReturnType<typeof startApp> | undefined;
afterEach(() => app?.stop());

function PortfolioForm() {
  const { submitting } = useCreatePortfolio();
  return <p>{submitting ? 'Saving' : 'Editing'}</p>;
}

describe("a view's flow lives in the app's flows host", () => {
  it('in StrictMode: one flow while the view shows, none once it is gone', async () => {
    app = startApp();
    const { flows } = childrenOf(app);
    const view = render(
      <StrictMode>
        <AppActorProvider value={app}>
          <PortfolioForm />
        </AppActorProvider>
      </StrictMode>,
    );
    await act(flush);
    expect(Object.keys(flows.getSnapshot().children)).toHaveLength(1);
    view.unmount();
    await act(flush);
    expect(Object.keys(flows.getSnapshot().children)).toEqual([]);
  });
});
