// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GROUPINGS, slicesOf } from '../../../src/domain/allocation';
import { AllocationChart, donutArcs } from '../../../src/ui/allocation/allocation-chart';
import { AmountFormatProvider } from '../../../src/ui/components/format-context';
import { renderApp } from '../support';

const SLICES = slicesOf([
  { key: 'p1', label: { kind: 'name', text: 'Pension' }, value: 2000 },
  { key: 'p2', label: { kind: 'name', text: 'Crypto' }, value: 1000 },
  { key: 'p3', label: { kind: 'name', text: 'Savings' }, value: 1000 },
]);

function renderChart(hidden = false) {
  const onGroupingChange = vi.fn();
  render(
    <AmountFormatProvider value={{ showCurrency: true, showDecimals: true, hidden }}>
      <AllocationChart
        slices={SLICES}
        grouping="portfolio"
        groupings={GROUPINGS}
        onGroupingChange={onGroupingChange}
      />
    </AmountFormatProvider>,
  );
  return onGroupingChange;
}

/** Each row of the legend as [name, value, percent]. */
function legend(name: string | RegExp): string[][] {
  const table = screen.getByRole('table', { name });
  // Head, body and foot: the body holds the slices.
  const body = within(table).getAllByRole('rowgroup')[1];
  return within(body)
    .getAllByRole('row')
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      ),
    );
}

function percentSum(rows: string[][]): number {
  return rows.reduce((sum, row) => sum + Math.round(Number(row[2].replace(/[^\d.]/g, '')) * 10), 0);
}

describe('AllocationChart', () => {
  it('draws the donut as an image named by its grouping, one arc per slice', () => {
    renderChart();
    expect(screen.getByRole('img', { name: 'Allocation by portfolio' })).toBeTruthy();
    expect(donutArcs(SLICES).map((a) => a.key)).toEqual(['p1', 'p2', 'p3']);
  });

  it('lists each slice with its value and a percentage, the percentages adding up to 100 %', () => {
    renderChart();
    const rows = legend('Allocation by portfolio');
    expect(rows).toEqual([
      ['Pension', 'DKK 2,000.00', '50.0 %'],
      ['Crypto', 'DKK 1,000.00', '25.0 %'],
      ['Savings', 'DKK 1,000.00', '25.0 %'],
    ]);
    expect(percentSum(rows)).toBe(1000);
    const foot = within(screen.getByRole('table')).getAllByRole('rowgroup')[2];
    expect(foot.textContent?.replace(/\s+/g, ' ')).toBe('TotalDKK 4,000.00100.0 %');
  });

  it('offers the groupings as radio buttons and tells which one is chosen', async () => {
    const onGroupingChange = renderChart();
    const group = screen.getByRole('group', { name: 'Group by' });
    expect(within(group).getByRole('radio', { name: 'Portfolio' })).toHaveProperty('checked', true);
    await userEvent.click(within(group).getByRole('radio', { name: 'Currency' }));
    expect(onGroupingChange).toHaveBeenCalledExactlyOnceWith('currency');
  });

  it('in privacy mode hides the values and keeps the percentages', () => {
    renderChart(true);
    const rows = legend('Allocation by portfolio');
    for (const row of rows) {
      expect(row[1]).toMatch(/••••/);
      expect(row[1]).not.toMatch(/\d/);
    }
    expect(rows.map((row) => row[2])).toEqual(['50.0 %', '25.0 %', '25.0 %']);
  });
});

describe('allocation on the screens', () => {
  it('is folded until asked for, so its legend does not repeat the tables', async () => {
    await renderApp('/home', { as: 'demo' });
    const section = await screen.findByRole('region', { name: 'Allocation' });
    expect(within(section).queryByRole('table')).toBeNull();
    const show = within(section).getByRole('button', { name: 'Show allocation' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(show);
    expect(within(section).getByRole('table', { name: 'Allocation by portfolio' })).toBeTruthy();
    const hide = within(section).getByRole('button', { name: 'Hide allocation' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(hide);
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('home splits the demo by portfolio, and by type once switched, each adding up to 100 %', async () => {
    await renderApp('/home', { as: 'demo' });
    const section = await screen.findByRole('region', { name: 'Allocation' });
    await userEvent.click(within(section).getByRole('button', { name: 'Show allocation' }));
    const byPortfolio = legend('Allocation by portfolio');
    expect(byPortfolio.map((row) => row[0]).sort()).toEqual([
      'Crypto',
      'Danish dividends',
      'Pension',
      'US tech',
    ]);
    expect(percentSum(byPortfolio)).toBe(1000);

    await userEvent.click(within(section).getByRole('radio', { name: 'Type' }));
    const byType = legend('Allocation by type');
    expect(byType.map((row) => row[0]).sort()).toEqual(['Crypto', 'Funds', 'Stocks']);
    expect(percentSum(byType)).toBe(1000);
    expect(within(section).getByRole('img', { name: 'Allocation by type' })).toBeTruthy();
  });

  it('a portfolio offers no split by portfolio and starts by investment', async () => {
    await renderApp('/home', { as: 'demo' });
    const portfolios = await screen.findByRole('table', { name: 'Portfolios' });
    await userEvent.click(within(portfolios).getAllByRole('link')[0]);
    const section = await screen.findByRole('region', { name: 'Allocation' });
    await userEvent.click(within(section).getByRole('button', { name: 'Show allocation' }));
    expect(within(section).queryByRole('radio', { name: 'Portfolio' })).toBeNull();
    expect(within(section).getByRole('radio', { name: 'Investment' })).toHaveProperty(
      'checked',
      true,
    );
    expect(percentSum(legend('Allocation by investment'))).toBe(1000);
  });

  it('is hidden while there is nothing to allocate', async () => {
    await renderApp('/home', { as: 'fresh' });
    await screen.findByText('Click here to create a portfolio');
    expect(screen.queryByRole('region', { name: 'Allocation' })).toBeNull();
  });
});
