// @vitest-environment jsdom
// Matching the file's instruments to investments (issue 26 step 4): each instrument shows what it
// becomes in the target portfolio, and a choice goes with its rows, against the Mirage server.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { toFormueCsv } from '../../../src/domain/import/formue';
import type { FormueExport } from '../../../src/domain/import/rows';
import { renderApp } from '../support';

const instrument = (id: number, name: string, isin: string) => ({
  id,
  portfolio_id: 1,
  name,
  type: 'stock' as const,
  isin,
  listing: null,
});

function twoInstruments(): string {
  const data: FormueExport = {
    formue: { format: 'formue-export', version: 1, exported_at: '2026-11-27T09:00:00Z' },
    portfolios: [{ id: 1, name: 'Pension' }],
    investments: [
      instrument(1, 'Novo Nordisk B', 'DK0062498333'),
      instrument(2, 'Novo B (old line)', 'DK0060534915'),
    ],
    events: [1, 2].map((id) => ({
      id,
      investment_id: id,
      kind: 'buy' as const,
      date: '2024-01-02',
      currency_code: 'DKK',
      shares: 1,
      share_price: 100,
      fee: 0,
    })),
    prices: [],
  };
  return toFormueCsv(data);
}

const shown = (select: HTMLElement) =>
  (select as HTMLSelectElement).selectedOptions[0]?.textContent;

describe('matching instruments', () => {
  it('says what each instrument becomes, and books it onto the investment chosen', async () => {
    const user = userEvent.setup();
    await renderApp('/import', { as: 'demo' });
    const file = new NodeFile([twoInstruments()], 'formue.csv') as unknown as File;
    await user.upload(await screen.findByLabelText('File'), file);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const portfolio = await screen.findByRole(
      'combobox',
      { name: 'Portfolio' },
      { timeout: 10_000 },
    );
    await user.selectOptions(portfolio, screen.getByRole('option', { name: 'Pension' }));
    const novo = await screen.findByRole('combobox', { name: 'Book Novo Nordisk B as' });
    const old = screen.getByRole('combobox', { name: 'Book Novo B (old line) as' });
    // Matched by ISIN to the demo's holding; the other ISIN the portfolio does not have.
    await waitFor(() => expect(shown(novo)).toMatch(/^Existing: /));
    expect(shown(old)).toBe('New investment');
    expect(screen.getByText('DK0060534915 · 1 row')).toBeTruthy();

    const existing = shown(novo);
    await user.selectOptions(old, screen.getAllByRole('option', { name: existing })[1]);
    await waitFor(() => expect(shown(old)).toBe(existing));
    await user.selectOptions(novo, screen.getAllByRole('option', { name: 'New investment' })[0]);
    await waitFor(() => expect(shown(novo)).toBe('New investment'));
    await waitFor(() => expect(screen.queryByText('Checking every row…')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Import 2 events' }));
    expect(await screen.findByText('Imported 2 events from formue.csv into Pension.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Pension' }).getAttribute('href')).toMatch(
      /^\/portfolios\/\d+$/,
    );
    expect(await screen.findByText(/^2 events into Pension · /)).toBeTruthy();

    // Undo asks first, naming what goes, and confirms it in a notice.
    await user.click(screen.getByRole('button', { name: 'Undo formue.csv' }));
    const question = await screen.findByRole('dialog', { name: 'Remove 2 events?' });
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Import undone: 2 events removed.')).toBeTruthy();
    expect(await screen.findByText('No imports yet.')).toBeTruthy();
  });

  it('in Danish', async () => {
    const user = userEvent.setup();
    await renderApp('/import', { as: 'demo', storage: new Map([['language', 'da']]) });
    const file = new NodeFile([twoInstruments()], 'formue.csv') as unknown as File;
    await user.upload(await screen.findByLabelText('Fil'), file);
    await user.click(await screen.findByRole('button', { name: 'Fortsæt' }));
    const old = await screen.findByRole(
      'combobox',
      { name: 'Bogfør Novo B (old line) som' },
      { timeout: 10_000 },
    );
    expect(shown(old)).toBe('Ny investering');
  });
});
