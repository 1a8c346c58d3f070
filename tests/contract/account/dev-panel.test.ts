// The Demo tools panel drives the faults of the server it was mounted for.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { STORAGE_KEY, type MockServer } from '../../../src/mock-server';
import { mountDevPanel } from '../../../src/mock-server/dev-panel';
import { describeMock, get, loginAsDemo, memoryStorage, post, startServer } from '../support';

let unmount: (() => void) | undefined;
afterEach(() => {
  act(() => unmount?.());
  document.documentElement.lang = '';
});

function storageWith(value: string): Storage {
  const storage = memoryStorage();
  storage.setItem(STORAGE_KEY, value);
  return storage;
}

function mount(server: MockServer): void {
  act(() => {
    unmount = mountDevPanel(server);
  });
}

/** The demo user logged in, the panel mounted, and a user to drive it. */
async function demoWithPanel() {
  const server = startServer();
  await loginAsDemo();
  mount(server);
  return { server, user: userEvent.setup() };
}

describeMock('Demo tools panel', () => {
  it('is collapsed to one button, then switches a 500 on and off', async () => {
    const { user } = await demoWithPanel();
    const toggle = await screen.findByRole('button', { name: 'Demo tools' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Fail with 500' })).toBeNull();

    await user.click(toggle);
    const fail = screen.getByRole('button', { name: 'Fail with 500' });
    await user.click(fail);
    expect(fail.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Every call answers 500');
    expect((await get('/portfolios')).status).toBe(500);

    await user.click(fail);
    expect((await get('/portfolios')).status).toBe(200);
  });

  it('expires the session and sets latency', async () => {
    const { server, user } = await demoWithPanel();
    await user.click(await screen.findByRole('button', { name: 'Demo tools' }));
    await user.selectOptions(screen.getByLabelText('Latency'), '1000');
    expect(server.faults.state().latency).toBe(1000);
    await user.selectOptions(screen.getByLabelText('Latency'), '0');
    await user.click(screen.getByRole('button', { name: 'Expire session' }));
    expect((await get('/portfolios')).status).toBe(401);
  });

  it('answers the next change with 419, and throttles for 3 s', async () => {
    const { user } = await demoWithPanel();
    await user.click(await screen.findByRole('button', { name: 'Demo tools' }));
    await user.click(screen.getByRole('button', { name: '419 twice' }));
    expect(screen.getByRole('status').textContent).toBe('The next change and its retry answer 419');
    expect((await get('/portfolios')).status).toBe(200);
    expect((await post('/portfolios', { name: 'A' })).status).toBe(419);
    expect((await post('/portfolios', { name: 'A' })).status).toBe(419);
    expect((await post('/portfolios', { name: 'A' })).status).toBe(201);

    await user.click(screen.getByRole('button', { name: '419 once' }));
    expect((await post('/portfolios', { name: 'B' })).status).toBe(419);
    expect((await post('/portfolios', { name: 'B' })).status).toBe(201);

    await user.click(screen.getByRole('button', { name: 'Throttle 3 s' }));
    const throttled = await get('/portfolios');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('Retry-After')).toBe('3');
  });

  it('opens with a notice when stored data was reset', async () => {
    const server = startServer({ storage: storageWith('{not json') });
    mount(server);
    expect((await screen.findByRole('status')).textContent).toBe('Demo data was reset');
  });

  it('speaks the language the app shows, switching with it', async () => {
    const server = startServer({ storage: storageWith('{not json') });
    document.documentElement.lang = 'da';
    mount(server);
    expect((await screen.findByRole('status')).textContent).toBe('Demodata blev nulstillet');
    expect(screen.getByRole('region', { name: 'Demoværktøjer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nulstil demodata' })).toBeTruthy();

    await act(async () => {
      document.documentElement.lang = 'en';
      await Promise.resolve();
    });
    expect(screen.getByRole('status').textContent).toBe('Demo data was reset');
    expect(screen.getByRole('button', { name: 'Demo tools' })).toBeTruthy();
  });
});
