// @vitest-environment jsdom
// A portfolio's Cash section (issue 38), against the mock: turning cash on with an opening balance
// (a bad one refused under its field), the balance per currency (negative shown), an entry added,
// deleted and brought back with Undo, and cash turned off again.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openHolding, read } from '../prices/open-holding';
import { describedBy } from '../support';

const totalValue = () => read(screen.getByRole('region', { name: 'Total value' }));

async function cashSection(name = 'Cash') {
  return screen.findByRole('region', { name });
}

/** Cash on, from `opening` DKK before the holding's buy of DKK 1,000.00. */
async function turnOn(section: HTMLElement, opening: string) {
  await userEvent.click(await within(section).findByRole('button', { name: 'Turn cash on' }));
  const form = within(section).getByRole('form', { name: 'Turn cash on' });
  const amount = within(form).getByLabelText<HTMLInputElement>('Opening balance');
  await userEvent.clear(amount);
  await userEvent.type(amount, opening);
  await userEvent.click(within(form).getByRole('button', { name: 'Turn cash on' }));
  return { form, amount };
}

describe('the Cash section', () => {
  it('turns cash on from an opening balance, a bad one refused under its field', async () => {
    await openHolding({ at: 'portfolio' });
    const section = await cashSection();
    expect(await within(section).findByText(/^Cash is off/)).toBeTruthy();

    const { form, amount } = await turnOn(section, '12.1234567');
    expect(describedBy(amount)).toContain('Use at most 6 decimals.');
    // A holding bought before: its buy is paid from the opening balance.
    expect(describedBy(amount)).toContain(
      'The buys since are paid from it: with 0, the cash goes below zero by what they cost.',
    );
    expect(within(section).queryByRole('form')).toBe(form);

    await userEvent.clear(amount);
    await userEvent.type(amount, '5000');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn cash on' }));
    expect(await screen.findByText('Cash switched on')).toBeTruthy();
    // The deposit of 5,000 less the buy's 1,000, counted in the portfolio's value.
    const list = await within(section).findByRole('list', { name: 'Cash balance per currency' });
    await waitFor(() => expect(read(list)).toBe('DKK 4,000.00'));
    await waitFor(() => expect(totalValue()).toContain('DKK 5,200.00'));
    const table = within(section).getByRole('table', { name: 'Cash entries, newest first' });
    expect(within(table).getAllByRole('row').slice(1).map(read)).toEqual([
      '2026-09-01DepositDKK 5,000.00Delete',
    ]);
  });

  it('adds a withdrawal that leaves the cash negative, deletes it and brings it back', async () => {
    await openHolding({ at: 'portfolio' });
    const section = await cashSection();
    await turnOn(section, '0');
    await screen.findByText('Cash switched on');
    await userEvent.click(await within(section).findByRole('button', { name: 'Add cash entry' }));
    const form = within(section).getByRole('form', { name: 'New cash entry' });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'Withdrawal');
    await userEvent.type(within(form).getByLabelText('Amount'), '250');
    const date = within(form).getByLabelText<HTMLInputElement>('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-09-02');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Cash entry added')).toBeTruthy();

    const list = within(section).getByRole('list', { name: 'Cash balance per currency' });
    await waitFor(() => expect(read(list)).toBe('-DKK 1,250.00'));
    expect(within(list).getByText('-DKK 1,250.00').className).toContain('cash__negative');
    const table = await within(section).findByRole('table', { name: 'Cash entries, newest first' });
    expect(read(table)).toContain('2026-09-02Withdrawal-DKK 250.00');

    await userEvent.click(
      within(table).getByRole('button', { name: 'Delete the Withdrawal of 2026-09-02' }),
    );
    expect(await screen.findByText('Cash entry deleted')).toBeTruthy();
    await waitFor(() => expect(read(list)).toBe('-DKK 1,000.00'));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Cash entry restored')).toBeTruthy();
    await waitFor(() => expect(read(list)).toBe('-DKK 1,250.00'));
  });

  it('turns cash off, keeping the portfolio valued by its investments', async () => {
    await openHolding({ at: 'portfolio' });
    const section = await cashSection();
    await turnOn(section, '5000');
    await waitFor(() => expect(totalValue()).toContain('DKK 5,200.00'));
    await userEvent.click(within(section).getByRole('button', { name: 'Turn cash off' }));
    const form = within(section).getByRole('form', { name: 'Turn cash off?' });
    await userEvent.click(within(form).getByRole('button', { name: 'Turn cash off' }));
    expect(await screen.findByText('Cash switched off')).toBeTruthy();
    expect(await within(section).findByText(/^Cash is off/)).toBeTruthy();
    await waitFor(() => expect(totalValue()).toContain('DKK 1,200.00'));
  });

  it('speaks Danish', async () => {
    await openHolding({ at: 'portfolio', storage: [['language', 'da']] });
    const section = await cashSection('Kontanter');
    expect(await within(section).findByText(/^Kontanter er slået fra/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Slå kontanter til' })).toBeTruthy();
  });
});
