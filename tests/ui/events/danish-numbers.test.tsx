// @vitest-environment jsdom
// A Danish reader's forms write the numbers they fill in with a decimal comma, and read either
// mark back (issue 40): a Buy's fee starts "0,00", a correction opens "12,5", not "12.5".
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

async function openInvestmentInDanish() {
  await renderApp('/home', { as: 'demo', storage: new Map([['language', 'da']]) });
  const table = await screen.findByRole('table', { name: 'Investeringer' });
  await userEvent.click(within(table).getAllByRole('link')[0]);
  await screen.findByRole('table', { name: 'Investeringens statistik' });
}

/** Tilføj, and Tilføj again where the form asks "Mente du …?" of a price far from the market's. */
async function add(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
  await waitFor(() =>
    expect(!dialog.isConnected || within(dialog).queryByText(/^Mente du/) !== null).toBe(true),
  );
  if (dialog.isConnected)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tilføj' }));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
}

describe('numbers in a Danish form', () => {
  it('a Buy starts with the fee "0,00"; a correction shows the typed figures with a comma', async () => {
    await openInvestmentInDanish();
    await userEvent.click(screen.getByRole('button', { name: 'Køb' }));
    const buying = screen.getByRole('dialog', { name: 'Køb' });
    expect(within(buying).getByLabelText<HTMLInputElement>('Gebyr').value).toBe('0,00');
    fireEvent.change(within(buying).getByLabelText('Dato'), { target: { value: '2022-02-02' } });
    await userEvent.type(within(buying).getByLabelText('Antal'), '3');
    await userEvent.type(within(buying).getByLabelText('Kurs pr. aktie'), '12,5');
    await userEvent.clear(within(buying).getByLabelText('Gebyr'));
    await userEvent.type(within(buying).getByLabelText('Gebyr'), '2,25');
    await add(buying);

    await userEvent.click(screen.getByRole('button', { name: 'Side 2' }));
    const table = await screen.findByRole('table', { name: 'Transaktioner' });
    await userEvent.click(within(table).getByRole('button', { name: 'Ret købet den 2022-02-02' }));
    const dialog = screen.getByRole('dialog', { name: 'Køb' });
    const fee = within(dialog).getByLabelText<HTMLInputElement>('Gebyr');
    // The event as entered loads over the listed figures: its fee is the last to come.
    await waitFor(() => expect(fee.value).toBe('2,25'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Kurs pr. aktie').value).toBe('12,5');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Antal').value).toBe('3');
  });
});
