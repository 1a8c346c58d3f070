// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UpdatePort } from '../../../src/machines/app/platform';
import { renderApp } from '../support';

function fakeUpdates() {
  let waiting: (() => void) | undefined;
  const port = {
    onWaiting: (listener: () => void) => {
      waiting = listener;
      return () => (waiting = undefined);
    },
    apply: vi.fn(),
  } satisfies UpdatePort;
  return { port, newVersionWaits: () => act(() => waiting?.()) };
}

const OFFER = 'A new version of Formue is available.';

describe('the offer of a new version', () => {
  it('shows nothing while no new version waits', async () => {
    await renderApp('/', { updates: fakeUpdates().port });
    expect(screen.queryByText(OFFER)).toBeNull();
  });

  it('shows a status with Reload when a new version waits, and Reload brings it in once', async () => {
    const updates = fakeUpdates();
    await renderApp('/', { updates: updates.port });
    updates.newVersionWaits();
    const status = screen.getByText(OFFER).closest<HTMLElement>('[role="status"]')!;
    const reload = within(status).getByRole('button', { name: 'Reload' });
    // Not blocking: the landing page stays usable.
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    await userEvent.click(reload);
    expect(updates.port.apply).toHaveBeenCalledOnce();
    expect(reload).toHaveProperty('disabled', true);
  });
});
