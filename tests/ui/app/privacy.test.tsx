// @vitest-environment jsdom
// Privacy mode (issue 15): the top bar's Hide amounts masks every amount, keeps percentages and is
// remembered across visits.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openInvestment, renderApp } from '../support';

/** An amount as the demo shows it: "DKK 1,234.50", "−DKK 4.00". */
const AMOUNT = /DKK\s\d/;
const PERCENT = /\d\.\d\d %/;

function toggle(): HTMLElement {
  return screen.getByRole('button', { name: 'Hide amounts' });
}

/** The screen's text, minus the top bar's and the chart's (checked on their own). */
function mainText(): string {
  return screen.getByRole('main').textContent;
}

async function hideAmounts(): Promise<void> {
  expect(toggle().getAttribute('aria-pressed')).toBe('false');
  await userEvent.click(toggle());
  expect(toggle().getAttribute('aria-pressed')).toBe('true');
}

describe('privacy mode', () => {
  it('on home, hides the total, positions and table values, and keeps the percentages', async () => {
    await renderApp('/home', { as: 'demo' });
    await screen.findByRole('table', { name: 'Investments' });
    const total = screen.getByRole('region', { name: 'Total value' });
    expect(mainText()).toMatch(AMOUNT);

    await hideAmounts();

    expect(mainText()).not.toMatch(AMOUNT);
    expect(mainText()).toMatch(PERCENT);
    expect(total.textContent).toMatch(/DKK\s••••/);
    // A screen reader hears what the bullets mean: the total and its change, and the chart's
    // start, end, lowest and highest in its description.
    expect(within(total).getAllByText('hidden amount')).toHaveLength(2);
    expect(within(total).getByRole('img').getAttribute('aria-description')).toMatch(
      /(hidden amount.*){4}/,
    );
    const positions = within(screen.getByRole('region', { name: 'Positions' }));
    for (const figure of positions.getAllByRole('definition')) {
      expect(figure.textContent).toMatch(/hidden amount/);
    }
    const portfolios = screen.getByRole('table', { name: 'Portfolios' });
    expect(within(portfolios).getAllByText('hidden amount').length).toBeGreaterThan(1);
  });

  it('masks the chart axis and says so in its accessible name', async () => {
    await renderApp('/home', { as: 'demo' });
    const chart = await screen.findByRole('img', { name: /^Value chart/ });
    const ticks = () => [...chart.querySelectorAll('text')].map((text) => text.textContent);
    expect(ticks().some((tick) => /^[\d.]+[kKmM]?$/.test(tick))).toBe(true);

    await hideAmounts();

    expect(chart.getAttribute('aria-label')).toMatch(/amounts hidden$/);
    expect(ticks().some((tick) => /^[\d.]+[kKmM]?$/.test(tick))).toBe(false);
    expect(ticks()).toContain('••••');
  });

  it('on a portfolio, hides its value and statistics', async () => {
    await renderApp('/portfolios/36', { as: 'demo' });
    const stats = await screen.findByRole('table', { name: 'Investments statistics' });
    await screen.findByRole('table', { name: 'Investments' });
    expect(mainText()).toMatch(AMOUNT);

    await hideAmounts();

    expect(mainText()).not.toMatch(AMOUNT);
    expect(mainText()).toMatch(PERCENT);
    const costs = within(stats).getByRole('row', { name: /^Costs/ });
    expect(costs.textContent).toMatch(/DKK\s••••/);
  });

  it('on an investment, hides statistics, transactions and the shares held', async () => {
    await openInvestment();
    const stats = screen.getByRole('table', { name: 'Investment statistics' });
    const transactions = await screen.findByRole('table', { name: 'Transactions' });
    expect(transactions.textContent).toMatch(AMOUNT);

    await hideAmounts();

    expect(mainText()).not.toMatch(AMOUNT);
    expect(transactions.textContent).not.toMatch(AMOUNT);
    expect(within(transactions).getAllByText('hidden amount').length).toBeGreaterThan(0);
    const shares = within(stats).getByRole('row', { name: /^Shares/ });
    expect(shares.textContent).not.toMatch(/\d/);
    expect(shares.textContent).toMatch(/••••/);
    expect(within(stats).getByRole('row', { name: /^Average cost/ }).textContent).toMatch(/••••/);
  });

  it('on history, hides prices and values', async () => {
    await renderApp('/history', { as: 'demo' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(table.textContent).toMatch(AMOUNT);

    await hideAmounts();

    expect(table.textContent).not.toMatch(AMOUNT);
    expect(within(table).getAllByText('hidden amount').length).toBeGreaterThan(0);
  });

  it('is remembered: after a reload amounts are still hidden', async () => {
    const first = await renderApp('/home', { as: 'demo' });
    await screen.findByRole('table', { name: 'Investments' });
    await hideAmounts();
    first.unmount();

    await renderApp('/home', { as: 'demo', storage: first.flag });
    await screen.findByRole('table', { name: 'Investments' });
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    expect(mainText()).not.toMatch(AMOUNT);

    await userEvent.click(toggle());
    expect(mainText()).toMatch(AMOUNT);
  });
});
