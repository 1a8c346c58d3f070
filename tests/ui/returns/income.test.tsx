// @vitest-environment jsdom
// The Income screen on the demo: the year's dividends gross, withheld and net, by month (a table
// beside the bars) and by holding, a year picker, and the links from the menu and home.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

const amount = (cell: HTMLElement | undefined) =>
  Number((cell?.textContent ?? '').replace(/[^\d.-]/g, ''));

describe('income', () => {
  it("shows a year's dividends by month and by holding, and another year when picked", async () => {
    await renderApp('/income', { as: 'demo' });
    expect(await screen.findByRole('heading', { name: 'Income', level: 1 })).toBeTruthy();
    const year = await screen.findByLabelText<HTMLSelectElement>('Year');
    const months = await screen.findByRole('table', { name: 'Dividends by month' });
    expect(within(months).getAllByRole('row')).toHaveLength(13);
    expect(within(months).getByRole('rowheader', { name: 'January' })).toBeTruthy();

    // Pick the year with the most dividends: the demo withholds tax on them.
    const options = within(year).getAllByRole<HTMLOptionElement>('option');
    expect(options.length).toBeGreaterThan(1);
    await userEvent.selectOptions(year, options[options.length - 1]?.value ?? '');
    const holdings = await screen.findByRole('table', { name: 'Dividends by holding' });
    const total = within(holdings).getByRole('row', { name: /^Total/ });
    const [gross, withheld, net] = within(total).getAllByRole('cell');
    expect(amount(withheld)).toBeGreaterThan(0);
    expect(amount(gross) - amount(withheld)).toBeCloseTo(amount(net), 2);
  });

  it('is linked from the menu and from home', async () => {
    await renderApp('/home', { as: 'demo' });
    await userEvent.click(await screen.findByRole('link', { name: 'Dividend income' }));
    expect(await screen.findByRole('heading', { name: 'Income', level: 1 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog');
    expect(within(menu).getByRole('link', { name: 'Income' }).getAttribute('href')).toBe('/income');
  });
});
