// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

/** The rows of the Transactions table as [date, type, name, ...] texts. */
function rows(): string[][] {
  const table = screen.getByRole('table', { name: 'Transactions' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

function count(): string {
  return screen.getByRole('status').textContent;
}

async function openHistory(path = '/history') {
  const rendered = await renderApp(path, { as: 'demo' });
  await screen.findByRole('table', { name: 'Transactions' });
  return rendered;
}

/** The "Sums" line: [type, amount] pairs. */
function totals(): string[][] {
  return [...screen.getByLabelText('Sums').querySelectorAll('div')].map((pair) =>
    [...pair.children].map((cell) => cell.textContent ?? ''),
  );
}

describe('history filters', () => {
  it('every control is labelled, and the count says how many there are', async () => {
    await openHistory();
    const filters = screen.getByRole('search', { name: 'Filter transactions' });
    for (const label of ['Search', 'Type', 'Portfolio', 'From', 'To'])
      expect(within(filters).getByLabelText(label)).toBeTruthy();
    expect(count()).toBe(`${rows().length} transactions`);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('a search keeps the rows whose name holds it, and puts it in the address', async () => {
    const { paths } = await openHistory();
    const total = rows().length;
    // The name cell holds the investment's name, then its portfolio's.
    const first = within(screen.getByRole('table', { name: 'Transactions' })).getAllByRole(
      'row',
    )[1];
    const name = within(first).getAllByRole('cell')[2].firstChild?.textContent ?? '';
    await userEvent.type(screen.getByLabelText('Search'), name.toUpperCase());
    const shown = rows();
    expect(shown.every((row) => row[2].startsWith(name))).toBe(true);
    expect(shown.length).toBeLessThan(total);
    expect(count()).toBe(`${shown.length} of ${total} transactions`);
    expect(paths.at(-1)).toBe(`/history?${new URLSearchParams({ q: name.toUpperCase() })}`);
  });

  it('a search finds a type by the name the table shows', async () => {
    await openHistory();
    await userEvent.type(screen.getByLabelText('Search'), 'dividend');
    expect(new Set(rows().map((row) => row[1]))).toEqual(new Set(['Dividend']));
  });

  it('type, portfolio and dates narrow the list together', async () => {
    const { paths } = await openHistory();
    const total = rows().length;
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Buy');
    const buys = rows();
    expect(new Set(buys.map((row) => row[1]))).toEqual(new Set(['Buy']));

    await userEvent.selectOptions(screen.getByLabelText('Portfolio'), 'Crypto');
    const cryptoBuys = rows();
    expect(cryptoBuys.length).toBeGreaterThan(0);
    expect(cryptoBuys.length).toBeLessThan(buys.length);

    const day = cryptoBuys[0][0];
    fireEvent.change(screen.getByLabelText('From'), { target: { value: day } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: day } });
    expect(rows().every((row) => row[0] === day)).toBe(true);
    expect(count()).toBe(`${rows().length} of ${total} transactions`);
    expect(paths.at(-1)).toMatch(
      new RegExp(`^/history\\?type=buy&portfolio=[^&]+&from=${day}&to=${day}$`),
    );
  });

  it('nothing found says so, and Clear filters brings every row back', async () => {
    const { paths } = await openHistory();
    const total = rows().length;
    await userEvent.type(screen.getByLabelText('Search'), 'no such investment');
    expect(screen.queryByRole('table', { name: 'Transactions' })).toBeNull();
    expect(screen.getByText('No transactions match these filters.')).toBeTruthy();
    expect(count()).toBe(`0 of ${total} transactions`);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rows()).toHaveLength(total);
    expect(count()).toBe(`${total} transactions`);
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('');
    expect(paths.at(-1)).toBe('/history');
  });

  it('an address with filters opens with them applied, as after a reload', async () => {
    await openHistory('/history?type=div&q=');
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('div');
    expect(new Set(rows().map((row) => row[1]))).toEqual(new Set(['Dividend']));
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('sums what the filter lists, per type, in DKK', async () => {
    await openHistory('/history?type=div');
    const listed = rows();
    // The value's DKK figure: a dividend in another currency gives it after the amount as entered.
    const dkk = (value = '') => value.slice(value.indexOf('DKK')).replace(/[^\d]/g, '');
    const ore = listed.reduce((sum, row) => sum + Number(dkk(row.at(-1))), 0);
    const sum = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(ore / 100);
    expect(totals()).toEqual([['Dividend', `DKK\u00a0${sum}`]]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(totals().map(([type]) => type)).toEqual(
      expect.arrayContaining(['Buy', 'Sell', 'Dividend']),
    );
  });
});
