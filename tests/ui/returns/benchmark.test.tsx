// @vitest-environment jsdom
// The benchmark beside a chart (issue 38): the chart draws it dashed with a legend and names both
// values in its read-out; home's "Compare with <benchmark>" switches it; Profile → Benchmark
// picks another through the instrument search, against the Mirage test server.
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AmountFormatProvider } from '../../../src/ui/components/format-context';
import { ValueChart } from '../../../src/ui/components/charts/value-chart';
import { renderApp } from '../support';

const NOW = Date.UTC(2026, 10, 22, 12);
const at = (hour: number) => new Date(2026, 0, 14, hour).toISOString();
const POINTS = [
  { time: at(10), value: 1000 },
  { time: at(11), value: 1250.5 },
  { time: at(12), value: 1100 },
];
const BENCHMARK = [
  { time: at(10), value: 1000 },
  { time: at(11), value: 1010 },
  { time: at(12), value: 1020.25 },
];

function renderChart(comparison?: { name: string; points: typeof BENCHMARK }) {
  render(
    <AmountFormatProvider
      value={{ showCurrency: true, showDecimals: true, locale: 'en-GB', hidden: false }}
    >
      <ValueChart
        points={POINTS}
        comparison={comparison}
        description="Total value, Day"
        now={NOW}
      />
    </AmountFormatProvider>,
  );
  return screen.getByRole('img', { name: /^Value chart/ });
}

const readout = () =>
  document.querySelector('[aria-live="polite"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('a chart with a comparison', () => {
  it('names both lines in a legend, and both values in the read-out and the summary', async () => {
    const chart = renderChart({ name: 'MSCI World', points: BENCHMARK });
    const legend = screen.getByRole('list', { name: 'Lines of the chart' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Value', 'MSCI World']);
    expect(chart.getAttribute('aria-description')?.replace(/\s+/g, ' ')).toContain(
      'MSCI World, the same money put in on the same days: start DKK 1,000.00, end DKK 1,020.25.',
    );
    chart.focus();
    await userEvent.keyboard('{End}');
    expect(readout()).toMatch(/Value DKK 1,100\.00 MSCI World DKK 1,020\.25$/);
    expect(document.querySelectorAll('.chart__line')).toHaveLength(2);
  });

  it('is a plain value chart without one', async () => {
    const chart = renderChart();
    expect(screen.queryByRole('list', { name: 'Lines of the chart' })).toBeNull();
    chart.focus();
    await userEvent.keyboard('{End}');
    expect(readout()).toMatch(/DKK 1,100\.00$/);
    expect(readout()).not.toContain('Value');
  });
});

describe('home: Compare with the benchmark', () => {
  it('is off until pressed, then draws the default benchmark beside the value', async () => {
    await renderApp('/home', { as: 'demo' });
    const toggle = await screen.findByRole('button', {
      name: 'Compare with iShares Core MSCI World UCITS ETF',
    });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Lines of the chart' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const legend = await screen.findByRole('list', { name: 'Lines of the chart' });
    expect(legend.textContent).toContain('iShares Core MSCI World UCITS ETF');
  });
});

describe('Profile → Benchmark', () => {
  it('shows the benchmark and picks another from the instrument search', async () => {
    await renderApp('/profile', { as: 'demo' });
    const section = await screen.findByRole('region', { name: 'Benchmark' });
    await waitFor(() =>
      expect(section.textContent).toContain('Compared with iShares Core MSCI World UCITS ETF'),
    );
    await userEvent.type(within(section).getByRole('combobox', { name: 'Pick another' }), 'spar');
    await userEvent.click(
      await within(section).findByRole('option', { name: /Sparindex INDEX Globale Aktier KL/ }),
    );
    expect(await within(section).findByText('Benchmark saved')).toBeTruthy();
    expect(section.textContent).toContain('Compared with Sparindex INDEX Globale Aktier KL');
  });
});
