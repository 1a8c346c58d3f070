// @vitest-environment jsdom
// The preview of a long file, a page at a time (issue 26's speed: 10,000 table rows block a
// phone): a Formue CSV of 150 buys through /import against the Mirage test server.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { toFormueCsv } from '../../../src/domain/import/formue';
import type { FormueExport } from '../../../src/domain/import/rows';
import { renderApp } from '../support';

const day = (i: number) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);

function formueCsv(count: number): string {
  const data: FormueExport = {
    formue: { format: 'formue-export', version: 1, exported_at: '2026-11-27T09:00:00Z' },
    portfolios: [{ id: 1, name: 'Pension' }],
    investments: [
      {
        id: 1,
        portfolio_id: 1,
        name: 'Novo Nordisk B',
        type: 'stock',
        isin: 'DK0062498333',
        listing: null,
      },
    ],
    events: Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      investment_id: 1,
      kind: 'buy' as const,
      date: day(i),
      currency_code: 'DKK',
      shares: 1,
      share_price: 100,
      fee: 0,
    })),
    prices: [],
  };
  return toFormueCsv(data);
}

describe('the preview of a long file', () => {
  it('shows 100 rows a page, pages on, and filters by status with counts of all rows', async () => {
    const user = userEvent.setup();
    await renderApp('/import', { as: 'demo' });
    const chosen = new NodeFile([formueCsv(150)], 'formue.csv') as unknown as File;
    await user.upload(await screen.findByLabelText('File'), chosen);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Rows 1–100 of 150', {}, { timeout: 10_000 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    // The header row, and a page of rows.
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    expect(within(table).getByRole('rowheader', { name: '100' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(screen.getByText('Rows 101–150 of 150')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByRole('button', { name: 'Next rows' })).toHaveProperty('disabled', true);
    const filters = screen.getByRole('group', { name: 'Show rows' });
    const all = within(filters).getByRole('button', { name: 'All 150' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(all.textContent).toBe('All 150');
    await user.click(within(filters).getByRole('button', { name: 'OK 150' }));
    expect(screen.getByText('Rows 1–100 of 150')).toBeTruthy();
    expect(within(filters).queryByRole('button', { name: /^Error/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Import 150 events' })).toBeTruthy();
  });
});

describe('the file in Danish (issue 40, item 5)', () => {
  it('counts one row as one, and names its one year once', async () => {
    const user = userEvent.setup();
    await renderApp('/import', { as: 'demo', storage: new Map([['language', 'da']]) });
    const chosen = new NodeFile([formueCsv(1)], 'formue.csv') as unknown as File;
    await user.upload(await screen.findByLabelText('Fil'), chosen);
    expect(await screen.findByText('Formue-eksport (CSV), 1 række, 2020')).toBeTruthy();
  });
});
