// @vitest-environment jsdom
// The returns section of home, a portfolio and an investment, on the demo account.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { monthlyRows, yearChoices } from '../../../src/machines/returns';
import { renderApp } from '../support';

describe('monthlyRows', () => {
  it('a row a year, newest first, each month in its column, blank outside the span', () => {
    const rows = monthlyRows([
      { month: '2025-11', twr: 0.01 },
      { month: '2025-12', twr: null },
      { month: '2026-01', twr: -0.02 },
    ]);
    expect(rows.map((r) => r.year)).toEqual([2026, 2025]);
    expect(rows[0].months[0]).toBe(-0.02);
    expect(rows[0].months[1]).toBeUndefined();
    expect(rows[1].months.slice(10)).toEqual([0.01, null]);
  });

  it('offers this year and the nine before', () => {
    expect(yearChoices(new Date(2026, 5, 1))).toEqual([
      2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017,
    ]);
  });
});

describe('ReturnsSection', () => {
  it('home shows each return with the sentence saying what it measures', async () => {
    await renderApp('/home', { as: 'demo' });
    const section = await screen.findByRole('region', { name: 'Returns' });
    const figures = await within(section).findByLabelText('Returns', { selector: 'dl' });
    const rows = within(figures)
      .getAllByRole('term')
      .map((h) => h.textContent);
    expect(rows).toEqual([
      'Total returnWhat you earned in DKK: the change in value, with what you put in and took out counted.',
      "Time-weighted return (TWR)Your money's growth, ignoring when you added or took out money.",
      'Money-weighted return (IRR)Your personal return, counting when you added money.',
      'Dividends (gross)',
      'Withholding tax',
      'Fees',
    ]);
    // Day, the default period: a day is too short for an IRR.
    expect(within(figures).getByText('Not enough history')).toBeTruthy();
  });

  it('while its figures load, holds their place: the same names, values shimmering', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await renderApp('/home', {
      as: 'demo',
      api: (api) => ({
        ...api,
        getPerformance: async (target) => {
          await held;
          return api.getPerformance(target);
        },
      }),
    });
    const section = await screen.findByRole('region', { name: 'Returns' });
    const loading = await within(section).findByRole('status', { name: 'Loading returns' });
    // Drawn as the figures will stand (a row below must not move when they come), but hidden from
    // assistive technology, which hears only that they load.
    const names = [...loading.querySelectorAll('dt')].map((term) => term.firstChild?.textContent);
    expect(names).toEqual([
      'Total return',
      'Time-weighted return (TWR)',
      'Money-weighted return (IRR)',
      'Dividends (gross)',
      'Withholding tax',
      'Fees',
    ]);
    expect(loading.querySelectorAll('dd .skeleton')).toHaveLength(6);
    expect(within(section).queryByRole('term')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Returns by month' })).toBeNull();

    release();
    expect(await within(section).findAllByRole('term')).toHaveLength(6);
    expect(within(section).queryByRole('status', { name: 'Loading returns' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Returns by month' })).toBeTruthy();
  });

  it('a past year, and its months behind "Returns by month"', async () => {
    await renderApp('/home', { as: 'demo' });
    const section = await screen.findByRole('region', { name: 'Returns' });
    await within(section).findAllByRole('term');
    const year = new Date().getFullYear() - 1;
    await userEvent.selectOptions(within(section).getByLabelText('Over'), String(year));
    expect(await within(section).findByText(`${year}-01-01 to ${year}-12-31`)).toBeTruthy();
    const toggle = within(section).getByRole('button', { name: 'Returns by month' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(section).getByRole('table', { name: 'Time-weighted return by month' });
    const years = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(years).toEqual([String(year)]);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(13);
  });

  it('a portfolio and an investment show their own returns', async () => {
    await renderApp('/home', { as: 'demo' });
    const portfolio = await screen.findByRole('link', { name: /Pension/ });
    await userEvent.click(portfolio);
    const section = await screen.findByRole('region', { name: 'Returns' });
    expect((await within(section).findAllByRole('term'))[0].textContent).toMatch(/^Total return/);
  });
});
