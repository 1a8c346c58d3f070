// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addTrade, describedBy, openInvestment, renderApp } from '../support';

function statRow(name: RegExp): HTMLElement {
  return within(screen.getByRole('table', { name: 'Investment statistics' })).getByRole('row', {
    name,
  });
}

function sharesHeld(): number {
  const cells = within(statRow(/^Shares/)).getAllByRole('cell');
  return Number(cells[cells.length - 1].textContent.replace(/[^\d.]/g, ''));
}

describe('investment', () => {
  it('shows value, chart, statistics with average cost, and the four actions', async () => {
    await openInvestment();
    expect(screen.getByRole('img', { name: /^Value chart/ })).toBeTruthy();
    for (const label of [
      'Shares',
      'Average cost',
      'Costs',
      'Fees',
      'Dividends',
      'Realised',
      'Unrealised',
      'Lifetime',
    ]) {
      expect(statRow(new RegExp(`^${label}`))).toBeTruthy();
    }
    for (const action of ['Buy', 'Sell', 'Dividend', 'Stock Split']) {
      expect(screen.getByRole('button', { name: action })).toBeTruthy();
    }
  });

  it('names each return and says what it counts when its name is pressed (issue 27)', async () => {
    await openInvestment();
    /** Presses a figure's name: its one line shows, and goes again on a second press. */
    async function explains(name: string | RegExp, line: string) {
      const toggle = screen.getByRole('button', { name });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      const note = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(note?.textContent).toBe(line);
      expect(note?.hidden).toBe(true);
      await userEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(note?.hidden).toBe(false);
      await userEvent.click(toggle);
      expect(note?.hidden).toBe(true);
    }
    await explains('Unrealised return', 'Gain on the shares you hold now, over what they cost.');
    await explains(
      'past 24 hours',
      'Gain or loss over the period, over the value at its start plus what was bought in it: buying is not a gain.',
    );
    // The spec's word stays, with what it counts.
    await explains(
      'Costs',
      'What the shares you hold now cost, without fees; sold shares are not counted.',
    );
    expect(within(statRow(/^Costs/)).getByRole('rowheader', { name: 'Costs' })).toBeTruthy();
  });

  it('has a second page with its transactions, reached by the dots', async () => {
    await openInvestment();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'step',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'step',
    );
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    // Every row is this investment, so no Name column.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Type', 'Shares', 'Price', 'Value']);
  });

  it('Buy: required fields block, then the shares grow and the overlay closes', async () => {
    await openInvestment();
    const before = sharesHeld();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    const shares = within(dialog).getByLabelText<HTMLInputElement>('Shares');
    expect(shares.getAttribute('inputmode')).toBe('decimal');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Fee').value).toBe('0.00');
    await userEvent.type(shares, '2');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '10.5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'DKK');
    await addTrade(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(sharesHeld()).toBeCloseTo(before + 2, 2));
  });

  it('shows shares with up to 2 decimals after a buy of 1.23456', async () => {
    await openInvestment();
    const before = sharesHeld();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(dialog).getByLabelText('Shares'), '1.23456');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '10');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'DKK');
    await addTrade(dialog);
    await waitFor(() => expect(sharesHeld()).toBeCloseTo(before + 1.23, 2));
    const shown =
      within(statRow(/^Shares/))
        .getAllByRole('cell')
        .at(-1)?.textContent ?? '';
    expect(shown).toMatch(/^[\d,]+\.\d{2}$/);
  });

  it('Sell more than held: the error is under Shares and the values stay', async () => {
    await openInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    const dialog = screen.getByRole('dialog', { name: 'Sell' });
    const shares = within(dialog).getByLabelText<HTMLInputElement>('Shares');
    await userEvent.type(shares, '999999');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(describedBy(shares)).toMatch(/hold/));
    expect(shares.value).toBe('999999');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Price per share').value).toBe('1');
  });

  it('Dividend asks for the total and a currency', async () => {
    await openInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Dividend' }));
    const dialog = screen.getByRole('dialog', { name: 'Dividend' });
    expect(within(dialog).getByLabelText('Total dividends')).toBeTruthy();
    expect(within(dialog).getByLabelText('Currency')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Dividend takes the tax withheld, at most the dividend, and saves it', async () => {
    await openInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Dividend' }));
    const dialog = screen.getByRole('dialog', { name: 'Dividend' });
    const tax = within(dialog).getByLabelText('Withholding tax');
    expect(describedBy(tax)).toMatch(/Tax withheld of the dividend/);
    await userEvent.type(within(dialog).getByLabelText('Total dividends'), '100');
    await userEvent.type(tax, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(describedBy(tax)).toMatch(/Must not be more than the dividend/));
    await userEvent.clear(tax);
    await userEvent.type(tax, '27');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Stock Split shows the ratio; the sold part opens only for fewer shares', async () => {
    await openInvestment();
    const held = sharesHeld();
    await userEvent.click(screen.getByRole('button', { name: 'Stock Split' }));
    const dialog = screen.getByRole('dialog', { name: 'Stock Split' });
    expect(within(dialog).getByText('1:1')).toBeTruthy();
    const after = within(dialog).getByLabelText('Shares after split');
    await userEvent.type(after, String(held * 2));
    expect(within(dialog).getByText('1:2 (2 for 1)')).toBeTruthy();
    expect(within(dialog).getByLabelText('Sold shares')).toHaveProperty('disabled', true);
    await userEvent.clear(after);
    await userEvent.type(after, String(Math.floor(held / 2)));
    expect(within(dialog).getByLabelText('Sold shares')).toHaveProperty('disabled', false);
    await userEvent.type(within(dialog).getByLabelText('Sold shares'), '1');
    await userEvent.clear(after);
    await userEvent.type(after, String(held * 3));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Sold shares').value).toBe('');
    expect(within(dialog).getByLabelText('Sold price per share')).toHaveProperty('disabled', true);
  });

  it('the back action closes an event overlay', async () => {
    const { history } = await openInvestment();
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('dialog', { name: 'Buy' })).toBeTruthy();
    history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('table', { name: 'Investment statistics' })).toBeTruthy();
  });
});

describe('portfolio', () => {
  it('shows its name, total, statistics, chart and only its investments', async () => {
    await renderApp('/home', { as: 'demo' });
    const portfolios = await screen.findByRole('table', { name: 'Portfolios' });
    const first = within(portfolios).getAllByRole('link')[0];
    const name = first.textContent ?? '';
    const cell = first.closest('td')?.textContent ?? '';
    const count = Number(/(\d+) investments?/.exec(cell)?.[1]);
    await userEvent.click(first);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Investments statistics' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Value chart/ })).toBeTruthy();
    const investments = await screen.findByRole('table', { name: 'Investments' });
    expect(within(investments).getAllByRole('row').length - 1).toBeLessThanOrEqual(count);
    expect(within(investments).getAllByRole('row').length - 1).toBeGreaterThan(0);
  });

  it('an unknown portfolio says it was not found', async () => {
    await renderApp('/portfolios/no-such-id', { as: 'demo' });
    expect(await screen.findByText('This portfolio was not found.')).toBeTruthy();
  });
});
