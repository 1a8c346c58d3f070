// @vitest-environment jsdom
// A failed refresh keeps what the screen shows, says why once, and retries (issue 14, item 3).
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

const SERVER_ERROR = 'The server had a problem. Please try again in a moment.';

/** Home with its figures shown for Day, then the server failing and the period set to Week. */
async function failedPeriodChange() {
  const rendered = await renderApp('/home', { as: 'demo' });
  await screen.findByRole('table', { name: 'Investments' });
  const total = screen.getByRole('region', { name: 'Total value' });
  await within(total).findByText('past 24 hours');
  await within(total).findByRole('img', { name: /^Value chart/ });
  rendered.server.faults.fail();
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Week');
  expect((await screen.findByRole('alert')).textContent).toContain(SERVER_ERROR);
  return { ...rendered, total };
}

describe('a failed refresh', () => {
  it('keeps the figures on screen, dimmed, with one notice and one Retry', async () => {
    const { total } = await failedPeriodChange();
    await waitFor(() => expect(within(total).getAllByText('Out of date')).toHaveLength(2));
    // One notice says it for the screen, and which period the kept figures are of (issue 27,
    // item 11); each section's own words are for screen readers only.
    expect(screen.getByRole('alert').textContent).toContain(
      `${SERVER_ERROR} The dimmed figures are out of date. Showing past 24 hours: Week could not be loaded.`,
    );
    for (const label of screen.getAllByText('Out of date'))
      expect(label.classList.contains('visually-hidden')).toBe(true);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    // The old figures keep the words of the period they are for.
    expect(within(total).getByText('past 24 hours')).toBeTruthy();
    expect(within(total).getByRole('img', { name: /Day/ })).toBeTruthy();
    for (const name of ['Portfolios', 'Investments']) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getByRole('table', { name })).toBeTruthy();
      expect(within(section).getByText('Out of date')).toBeTruthy();
    }
    expect(screen.queryByText('Could not be loaded.')).toBeNull();
  });

  it('Retry loads again: the new figures replace the old ones and the message goes', async () => {
    const { server, total } = await failedPeriodChange();
    server.faults.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await within(total).findByText('past week');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText('Out of date')).toBeNull();
    expect(within(total).getByRole('img', { name: /Week/ })).toBeTruthy();
  });

  it('retries by itself when the connection comes back', async () => {
    const { server, total } = await failedPeriodChange();
    server.faults.clear();
    act(() => void window.dispatchEvent(new Event('online')));
    await within(total).findByText('past week');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('offline in the demo: says so, and reloads by itself when Demo tools go back online', async () => {
    const { server } = await renderApp('/home', { as: 'demo' });
    await screen.findByRole('table', { name: 'Investments' });
    const total = screen.getByRole('region', { name: 'Total value' });
    server.faults.offline(true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Year');
    expect((await screen.findByRole('alert')).textContent).toMatch(/offline/);
    act(() => server.faults.offline(false));
    await within(total).findByText('past year');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a 429 counts down to its retry', async () => {
    const { server } = await renderApp('/home', { as: 'demo' });
    await screen.findByRole('table', { name: 'Investments' });
    server.faults.throttle(30);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Month');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Too many requests\. Trying again in (30|29) seconds\./);
    server.faults.clear();
  });
});

describe('a first load that fails', () => {
  it('leaves each card empty-handed and the screen one Retry, which loads everything', async () => {
    // The app's start fetches the CSRF cookie, fails like everything else, and says so.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    const { server } = await renderApp('/home', {
      as: 'demo',
      beforeStart: (mock) => mock.faults.fail(),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(SERVER_ERROR);
    const portfolios = screen.getByRole('region', { name: 'Portfolios' });
    await within(portfolios).findByText('Could not be loaded.');
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    server.faults.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(portfolios).findByRole('table', { name: 'Portfolios' })).toBeTruthy();
    expect(
      await within(screen.getByRole('region', { name: 'Investments' })).findByRole('table', {
        name: 'Investments',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(warn).toHaveBeenCalledWith('Formue: could not fetch the CSRF cookie', expect.anything());
  });
});
