// @vitest-environment jsdom
// Add investment's Name is a combobox over the instrument catalogue (the mock's GET /instruments).
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describedBy, renderApp } from '../support';

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('Add investment: Name suggests instruments', () => {
  it('is a combobox whose list shows name, identifier, type and currency', async () => {
    await renderApp('/investments/create', { as: 'demo' });
    const name = screen.getByRole('combobox', { name: 'Name' });
    expect(name.getAttribute('aria-expanded')).toBe('false');
    expect(name.getAttribute('aria-autocomplete')).toBe('list');
    await userEvent.type(name, 'novo');
    const list = await screen.findByRole('listbox', { name: 'Instruments found' });
    expect(name.getAttribute('aria-expanded')).toBe('true');
    expect(name.getAttribute('aria-controls')).toBe(list.id);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Novo Nordisk BDK0062498333 · Stock / Fund · DKK',
      'Novonesis BDK0060336014 · Stock / Fund · DKK',
    ]);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      'Instruments found: 2. Use the arrow keys to choose one.',
    );
  });

  it('is used by keyboard: arrows move the highlight, Enter fills the fields, focus stays', async () => {
    await renderApp('/investments/create', { as: 'demo' });
    const name = screen.getByRole('combobox', { name: 'Name' });
    await userEvent.type(name, 'novo');
    const list = await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const [novo] = within(list).getAllByRole('option');
    expect(name.getAttribute('aria-activedescendant')).toBe(novo.id);
    expect(novo.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(name);
    expect(value('Name')).toBe('Novo Nordisk B');
    expect(value('ISIN')).toBe('DK0062498333');
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('stock');
    // Still page 1: Enter chose, it did not submit.
    expect(screen.getByLabelText('Shares')).toHaveProperty('disabled', true);
  });

  it('a click chooses; type and listing currency follow the instrument, and stay editable', async () => {
    await renderApp('/investments/create', { as: 'demo' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Name' }), 'bitc');
    await userEvent.click(await screen.findByRole('option', { name: /^Bitcoin/ }));
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('crypto');
    expect(value('Symbol')).toBe('BTC');
    expect(screen.getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
    await userEvent.type(screen.getByRole('combobox', { name: 'Name' }), ' (cold wallet)');
    expect(value('Name')).toBe('Bitcoin (cold wallet)');
  });

  it('Escape closes the list and leaves the form as it is', async () => {
    const { paths } = await renderApp('/investments/create', { as: 'demo' });
    const name = screen.getByRole('combobox', { name: 'Name' });
    await userEvent.type(name, 'apple');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(name.getAttribute('aria-expanded')).toBe('false');
    expect(value('Name')).toBe('apple');
    expect(paths.at(-1)).toBe('/investments/create');
  });

  it('an identifier typed in fills the empty name and the listing currency', async () => {
    await renderApp('/investments/create', { as: 'demo' });
    await userEvent.type(screen.getByLabelText('ISIN'), 'us0378331005');
    await waitFor(() => expect(value('Name')).toBe('Apple'), { timeout: 3000 });
    expect(screen.getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
  });

  it('finds a Danish fund by name, and its ISIN typed in fills its name', async () => {
    await renderApp('/investments/create', { as: 'demo' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Name' }), 'sparindex');
    const list = await screen.findByRole('listbox', { name: 'Instruments found' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sparindex INDEX Globale Aktier KLDK0060005254 · Stock / Fund · DKK']);
    await userEvent.clear(screen.getByRole('combobox', { name: 'Name' }));
    await userEvent.type(screen.getByLabelText('ISIN'), 'dk0060005254');
    await waitFor(() => expect(value('Name')).toBe('Sparindex INDEX Globale Aktier KL'), {
      timeout: 3000,
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Currency').value).toBe('DKK');
  });

  it('a fund the market data names without an ISIN fills the name and asks for the ISIN', async () => {
    // What a live server answers from OpenFIGI's search; the demo has no such listings.
    const sparinvest = {
      type: 'stock' as const,
      code: null,
      name: 'SPARINVEST INDEX EMERGING MARKETS KL',
      currency: 'DKK',
      ticker: 'SPIEM',
      exchange: 'Copenhagen',
    };
    await renderApp('/investments/create', {
      as: 'demo',
      api: (api) => ({
        ...api,
        searchInstruments: async (query) =>
          query === 'sparinvest' ? [sparinvest] : api.searchInstruments(query),
      }),
    });
    await userEvent.type(screen.getByRole('combobox', { name: 'Name' }), 'sparinvest');
    const list = await screen.findByRole('listbox', { name: 'Instruments found' });
    const [option] = within(list).getAllByRole('option');
    expect(option.textContent).toBe(
      'SPARINVEST INDEX EMERGING MARKETS KLSPIEM · Copenhagen · Stock / Fund · DKK',
    );
    await userEvent.click(option);
    expect(value('Name')).toBe('SPARINVEST INDEX EMERGING MARKETS KL');
    const isin = screen.getByLabelText<HTMLInputElement>('ISIN');
    expect(isin.value).toBe('');
    expect(document.activeElement).toBe(isin);
    expect(describedBy(isin)).toBe(
      'Type the ISIN of SPARINVEST INDEX EMERGING MARKETS KL: the market data names no ISIN for it.',
    );
    await userEvent.type(isin, 'DK0060300762');
    expect(describedBy(isin)).not.toContain('Type the ISIN');
    expect(value('Name')).toBe('SPARINVEST INDEX EMERGING MARKETS KL');
  });

  it('a wrong check digit says which digit was expected, under the spec’s message', async () => {
    await renderApp('/investments/create', { as: 'demo' });
    const isin = screen.getByLabelText('ISIN');
    await userEvent.type(isin, 'DK0062498334');
    await waitFor(
      () =>
        expect(describedBy(isin)).toBe(
          'Must be a valid ISIN codeThe check digit is wrong: expected 3.',
        ),
      { timeout: 3000 },
    );
  });
});
