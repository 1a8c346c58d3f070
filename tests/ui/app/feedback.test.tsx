// @vitest-environment jsdom
// Feedback after saving: the busy button, the confirmation toast, and Undo of a deletion.
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApi, createHttp } from '../../../src/api';
import { BusyButton } from '../../../src/ui/forms/busy-button';
import { renderApp } from '../support';

function investmentNames(): string[] {
  const table = screen.getByRole('table', { name: 'Investments' });
  return within(table)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

/** What the server holds now, asked with the page's session. */
async function serverInvestmentNames(): Promise<string[]> {
  const investments = await createApi(createHttp({ origin: '' })).getInvestments();
  return investments.map((i) => i.name);
}

/** Deletes the first investment from its page; returns its name once home shows without it. */
async function deleteFirstInvestment() {
  const rendered = await renderApp('/home', { as: 'demo' });
  const table = await screen.findByRole('table', { name: 'Investments' });
  const link = within(table).getAllByRole('link')[0];
  const name = link.textContent;
  await userEvent.click(link);
  await screen.findByRole('heading', { level: 1, name });
  await userEvent.click(screen.getByRole('button', { name: 'Delete investment' }));
  const dialog = screen.getByRole('dialog', { name: `Delete ${name}?` });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await screen.findByRole('heading', { name: 'Dashboard' });
  await waitFor(() => expect(investmentNames()).not.toContain(name));
  return { ...rendered, name };
}

describe('BusyButton', () => {
  it('busy: keeps its name, says busy and disabled, and ignores presses', async () => {
    const press = vi.fn();
    const { rerender } = render(
      <BusyButton type="button" className="button" busy onClick={press}>
        Save
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // Not disabled: it keeps focus while its call runs.
    expect(button.hasAttribute('disabled')).toBe(false);
    await userEvent.click(button);
    expect(press).not.toHaveBeenCalled();

    rerender(
      <BusyButton type="button" className="button" busy={false} onClick={press}>
        Save
      </BusyButton>,
    );
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await userEvent.click(button);
    expect(press).toHaveBeenCalledOnce();
  });

  it('busy submit: the form is not submitted again', async () => {
    const submit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <BusyButton type="submit" className="button" busy>
          Add
        </BusyButton>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('the confirmation toast', () => {
  it('Add portfolio: Add is busy under its own name, then "Portfolio created" shows; Dismiss closes it', async () => {
    const { server } = await renderApp('/portfolios/create', { as: 'fresh' });
    await userEvent.type(await screen.findByLabelText('Portfolio name'), 'Savings');
    // Slow enough to see the busy button, however busy the test machine.
    server.faults.latency(1000);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Add' }).getAttribute('aria-busy')).toBe('true');

    const toast = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(within(toast).getByText('Portfolio created')).toBeTruthy();
    expect(within(toast).queryByRole('button', { name: 'Undo' })).toBeNull();
    server.faults.latency(0);
    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('Undo of a deletion', () => {
  it('Undo: the investment is back and the server never deleted it', async () => {
    const { name } = await deleteFirstInvestment();
    const toast = screen.getByRole('status');
    expect(within(toast).getByText('Investment deleted')).toBeTruthy();
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(investmentNames()).toContain(name));
    expect(await serverInvestmentNames()).toContain(name);
  });

  it('no Undo: closing the app in the window sends the deletion at once', async () => {
    const { name } = await deleteFirstInvestment();
    expect(await serverInvestmentNames()).toContain(name);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    // The toast stays, without Undo, until the call is done.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(await serverInvestmentNames()).not.toContain(name);
  });
});
