// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

/** Opens the first investment (the largest) from home; returns its name. */
async function openFirstInvestment() {
  const rendered = await renderApp('/home', { as: 'demo' });
  const table = await screen.findByRole('table', { name: 'Investments' });
  const link = within(table).getAllByRole('link')[0];
  const name = link.textContent;
  await userEvent.click(link);
  await screen.findByRole('heading', { level: 1, name });
  return { ...rendered, name };
}

function investmentNames(): string[] {
  const table = screen.getByRole('table', { name: 'Investments' });
  return within(table)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('Delete investment', () => {
  it('asks, naming what goes with it; Cancel keeps everything', async () => {
    const { name } = await openFirstInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Delete investment' }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${name}?` });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // Counted once the question's reload of the events has answered.
    expect(
      await within(dialog).findByText(
        new RegExp(`^${name} and its \\d+ transactions will be deleted\\.$`),
      ),
    ).toBeTruthy();
    // Focus starts on the harmless choice.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name })).toBeTruthy();
  });

  it('Escape closes the question', async () => {
    await openFirstInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Delete investment' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Delete goes home at once with the investment hidden; a failed call says so in the toast', async () => {
    const { name, server, paths } = await openFirstInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Delete investment' }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${name}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The investment's page was replaced by /home: back cannot return to it.
    expect(paths.some((path) => path.startsWith('/investments/'))).toBe(false);
    await waitFor(() => expect(investmentNames()).not.toContain(name));
    expect(screen.getByRole('status').textContent).toMatch(/^Investment deleted/);

    server.faults.fail();
    // Leaving the page ends the Undo window: the call goes at once.
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /^Nothing was deleted\. The server had a problem/,
      ),
    );
    server.faults.clear();
  });
});

describe('Delete portfolio', () => {
  it('asks with the count of its investments, then it and they are gone from home', async () => {
    await renderApp('/home', { as: 'demo' });
    const portfolios = await screen.findByRole('table', { name: 'Portfolios' });
    await userEvent.click(within(portfolios).getByRole('link', { name: 'Pension' }));
    await screen.findByRole('heading', { level: 1, name: 'Pension' });
    const held = await waitFor(() => {
      const names = investmentNames();
      expect(names.length).toBeGreaterThan(0);
      return names;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete portfolio' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Pension?' });
    expect(
      await within(dialog).findByText(
        `Pension, its ${held.length} investments and their transactions will be deleted.`,
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await screen.findByRole('heading', { name: 'Dashboard' });
    const after = screen.getByRole('table', { name: 'Portfolios' });
    await waitFor(() => expect(within(after).queryByRole('link', { name: 'Pension' })).toBeNull());
    for (const name of held) expect(investmentNames()).not.toContain(name);
    // Sent now rather than when its Undo window ends, after this test.
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
