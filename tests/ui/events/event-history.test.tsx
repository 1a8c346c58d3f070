// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localDay } from '../../../src/domain/dates';
import { addTrade, describedBy, renderApp, visitInvestment } from '../support';

function sharesHeld(): number {
  const row = within(screen.getByRole('table', { name: 'Investment statistics' })).getByRole(
    'row',
    { name: /^Shares/ },
  );
  const cells = within(row).getAllByRole('cell');
  return Number(cells[cells.length - 1].textContent.replace(/[^\d.]/g, ''));
}

async function transactions(): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  return screen.findByRole('table', { name: 'Transactions' });
}

/** The buttons that open each buy, newest first. */
function buyButtons(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('button', { name: /^Edit the purchase of / });
}

/** Opens a transaction's correction form, once the event as entered has loaded into it. */
async function openCorrection(row: HTMLElement): Promise<HTMLElement> {
  await userEvent.click(row);
  const dialog = screen.getByRole('dialog', { name: 'Buy' });
  const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
  await waitFor(() => expect(save.disabled).toBe(false));
  return dialog;
}

function nextDay(day: string): string {
  const time = Date.parse(`${day}T12:00:00Z`) + 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

function setDate(input: HTMLElement, day: string) {
  // A date input takes a whole day at once, as the picker gives it.
  fireEvent.change(input, { target: { value: day } });
}

async function record(kind: 'Buy' | 'Sell', shares: string, price: string, day?: string) {
  await userEvent.click(screen.getByRole('button', { name: kind }));
  const dialog = screen.getByRole('dialog', { name: kind });
  if (day) setDate(within(dialog).getByLabelText('Date'), day);
  await userEvent.type(within(dialog).getByLabelText('Shares'), shares);
  await userEvent.type(within(dialog).getByLabelText('Price per share'), price);
  await addTrade(dialog);
  return dialog;
}

describe('Date field', () => {
  it('every event form has a required Date, today by default, up to today', async () => {
    await visitInvestment();
    const today = localDay(new Date());
    for (const kind of ['Buy', 'Sell', 'Dividend', 'Stock Split']) {
      await userEvent.click(screen.getByRole('button', { name: kind }));
      const dialog = screen.getByRole('dialog', { name: kind });
      const date = within(dialog).getByLabelText<HTMLInputElement>('Date');
      expect(date.type).toBe('date');
      expect(date.value).toBe(today);
      expect(date.max).toBe(today);
      expect(date.min).toBe('1970-01-01');
      expect(date.required).toBe(true);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('a future day is explained under the field and nothing is added', async () => {
    await visitInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Dividend' }));
    const dialog = screen.getByRole('dialog', { name: 'Dividend' });
    const date = within(dialog).getByLabelText('Date');
    setDate(date, '2999-01-01');
    expect(describedBy(date)).toMatch(/cannot be in the future/);
    await userEvent.type(within(dialog).getByLabelText('Total dividends'), '5');
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Add' }).closest('form')!);
    expect(screen.getByRole('dialog', { name: 'Dividend' })).toBeTruthy();
    expect(describedBy(date)).toMatch(/cannot be in the future/);
  });

  it('a Buy shows its total before saving', async () => {
    await visitInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(dialog).getByLabelText('Shares'), '2');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '10.5');
    await userEvent.clear(within(dialog).getByLabelText('Fee'));
    await userEvent.type(within(dialog).getByLabelText('Fee'), '1');
    expect(within(dialog).getByLabelText('Total').textContent).toMatch(/22\.00/);
  });

  it('"1.000" says under Shares that it is saved as 1, and how to enter a thousand', async () => {
    await visitInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    const shares = within(dialog).getByLabelText('Shares');
    await userEvent.type(shares, '1.000');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '10');
    expect(describedBy(shares)).toMatch(
      'Saved as 1 (the point is a decimal point). Meant 1000? Type it without the point.',
    );
    expect(within(dialog).getByLabelText('Total').textContent).toMatch(/10\.00/);
    await userEvent.clear(shares);
    await userEvent.type(shares, '1000');
    expect(describedBy(shares)).toBe('');
  });

  it('a split shows its ratio, labelled, before saving, and the same once listed', async () => {
    await visitInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Stock Split' }));
    const dialog = screen.getByRole('dialog', { name: 'Stock Split' });
    expect(within(dialog).getByLabelText('Split ratio').textContent).toBe('1:1');
    const held = sharesHeld();
    await userEvent.type(within(dialog).getByLabelText('Shares after split'), String(held * 2));
    expect(within(dialog).getByLabelText('Split ratio').textContent).toBe('1:2 (2 for 1)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    const table = await transactions();
    expect(await within(table).findByRole('cell', { name: '1:2 (2 for 1)' })).toBeTruthy();
  });

  it('a back-dated buy is listed under its day', async () => {
    await visitInvestment();
    const dialog = await record('Buy', '1', '10', '2021-06-15');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    const table = await transactions();
    expect(
      within(table).getByRole('button', { name: 'Edit the purchase of 2021-06-15' }),
    ).toBeTruthy();
  });

  it("the server's refusal of a day shows under Date", async () => {
    await visitInvestment();
    const held = sharesHeld();
    const sellAll = await record('Sell', String(held), '1');
    await waitFor(() => expect(sellAll.isConnected).toBe(false));
    await waitFor(() => expect(sharesHeld()).toBe(0));
    const oldest = buyButtons(await transactions()).at(-1)!;
    // The day after the first buy: it is held then, and still needed by today's sale.
    const day = nextDay(oldest.textContent);
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    const dialog = await record('Sell', '1', '1', day);
    const date = within(dialog).getByLabelText('Date');
    await waitFor(() => expect(describedBy(date)).toMatch(/This would leave/));
  });
});

describe('corrections', () => {
  it('a row opens its form filled in, with Save and Delete; back closes it', async () => {
    const { history } = await visitInvestment();
    await record('Buy', '3', '12.5', '2022-02-02');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await transactions();
    const dialog = await openCorrection(
      within(table).getByRole('button', { name: 'Edit the purchase of 2022-02-02' }),
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Date').value).toBe('2022-02-02');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Shares').value).toBe('3');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Price per share').value).toBe('12.5');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('DKK');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeTruthy();
    history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a purchase entered in euros with a fee is corrected in euros, fee kept', async () => {
    await visitInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const buying = screen.getByRole('dialog', { name: 'Buy' });
    setDate(within(buying).getByLabelText('Date'), '2022-03-03');
    await userEvent.type(within(buying).getByLabelText('Shares'), '4');
    await userEvent.type(within(buying).getByLabelText('Price per share'), '55.5');
    await userEvent.clear(within(buying).getByLabelText('Fee'));
    await userEvent.type(within(buying).getByLabelText('Fee'), '2.25');
    await userEvent.selectOptions(within(buying).getByLabelText('Currency'), 'EUR');
    await userEvent.click(within(buying).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(buying.isConnected).toBe(false));

    const table = await transactions();
    const dialog = await openCorrection(
      within(table).getByRole('button', { name: 'Edit the purchase of 2022-03-03' }),
    );
    const fee = within(dialog).getByLabelText<HTMLInputElement>('Fee');
    await waitFor(() => expect(fee.value).toBe('2.25'));
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('EUR');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Price per share').value).toBe('55.5');
    await waitFor(() => expect(fee.disabled).toBe(false));
  });

  it('Save corrects the event and the row shows it', async () => {
    await visitInvestment();
    await record('Buy', '3', '12.5', '2022-02-02');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const table = await transactions();
    const dialog = await openCorrection(
      within(table).getByRole('button', { name: 'Edit the purchase of 2022-02-02' }),
    );
    const price = within(dialog).getByLabelText('Price per share');
    await userEvent.clear(price);
    await userEvent.type(price, '99');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => {
      const row = within(screen.getByRole('table', { name: 'Transactions' }))
        .getByRole('button', { name: 'Edit the purchase of 2022-02-02' })
        .closest('tr')!;
      expect(row.textContent).toMatch(/99\.00/);
    });
  });

  it('Delete asks first, then removes the event and its shares', async () => {
    await visitInvestment();
    const before = sharesHeld();
    await record('Buy', '2', '10', '2022-03-03');
    await waitFor(() => expect(sharesHeld()).toBeCloseTo(before + 2, 2));
    const table = await transactions();
    const dialog = await openCorrection(
      within(table).getByRole('button', { name: 'Edit the purchase of 2022-03-03' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const question = within(dialog).getByRole('group', {
      name: 'Delete the purchase of 2022-03-03?',
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Transactions' })).queryByRole('button', {
          name: 'Edit the purchase of 2022-03-03',
        }),
      ).toBeNull(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(sharesHeld()).toBeCloseTo(before, 2));
  });

  it('a correction reopened as its dialog closes can be deleted (a new form each opening)', async () => {
    await visitInvestment();
    await record('Buy', '4', '10', '2022-04-04');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const name = 'Edit the purchase of 2022-04-04';
    const first = await openCorrection(within(await transactions()).getByRole('button', { name }));
    const price = within(first).getByLabelText('Price per share');
    await userEvent.clear(price);
    await userEvent.type(price, '11');
    await userEvent.click(within(first).getByRole('button', { name: 'Save' }));
    // Saved: the dialog is closing (hidden), and the row is tapped again at once.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openCorrection(
      within(screen.getByRole('table', { name: 'Transactions' })).getByRole('button', { name }),
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    const question = within(again).getByRole('group', {
      name: 'Delete the purchase of 2022-04-04?',
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Transactions' })).queryByRole('button', {
          name,
        }),
      ).toBeNull(),
    );
  });

  it("Undo in the deletion's toast brings the transaction back as it was", async () => {
    await visitInvestment();
    const before = sharesHeld();
    await record('Buy', '3', '12.5', '2022-04-04');
    await waitFor(() => expect(sharesHeld()).toBeCloseTo(before + 3, 2));
    const table = await transactions();
    const name = 'Edit the purchase of 2022-04-04';
    const row = () =>
      within(screen.getByRole('table', { name: 'Transactions' })).queryByRole('button', { name });
    const figures = row()!.closest('tr')!.textContent;
    const dialog = await openCorrection(within(table).getByRole('button', { name }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const question = within(dialog).getByRole('group', {
      name: 'Delete the purchase of 2022-04-04?',
    });
    await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(row()).toBeNull());

    const toast = screen.getByRole('status');
    expect(within(toast).getByText('Buy deleted')).toBeTruthy();
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    // One press: the Undo button is gone, so the event cannot be made twice.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(await screen.findByText('Buy restored')).toBeTruthy();
    await waitFor(() => expect(row()?.closest('tr')?.textContent).toBe(figures));
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(sharesHeld()).toBeCloseTo(before + 3, 2));
  });

  it('Keep goes back to the form without deleting', async () => {
    await visitInvestment();
    const table = await transactions();
    const dialog = await openCorrection(buyButtons(table)[0]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: /^Delete the/ })).toBeNull();
  });

  it('a refused deletion says why in the form and keeps the event', async () => {
    await visitInvestment();
    await record('Sell', String(sharesHeld()), '1');
    await waitFor(() => expect(sharesHeld()).toBe(0));
    const table = await transactions();
    const oldest = buyButtons(table).at(-1)!;
    const name = oldest.getAttribute('aria-label')!;
    const dialog = await openCorrection(oldest);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(within(dialog).getByRole('group', { name: /^Delete the purchase of/ })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/This would leave/);
    expect(screen.getByRole('dialog', { name: 'Buy' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Transactions', hidden: true })).getByRole(
        'button',
        { name, hidden: true },
      ),
    ).toBeTruthy();
  });
});

describe('history', () => {
  it('a row on /history opens its correction form too', async () => {
    await renderApp('/history', { as: 'demo' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const first = within(table).getAllByRole('button', { name: /^Edit the / })[0];
    expect(first.getAttribute('aria-label')).toMatch(/^Edit the \w+ of \d{4}-\d{2}-\d{2}, .+/);
    await userEvent.click(first.closest('tr')!);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
