// @vitest-environment jsdom
// A portfolio's kind (issue 39) on the demo: chosen in Add portfolio, shown as a badge on home's
// row and the portfolio's title, and changed on the portfolio's screen.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

describe('portfolio kinds', () => {
  it('are chosen when adding a portfolio and shown as a badge on its row', async () => {
    await renderApp('/portfolios/create', { as: 'fresh' });
    await userEvent.type(await screen.findByLabelText('Portfolio name'), 'Nordnet ASK');
    const kind = screen.getByLabelText<HTMLSelectElement>('Kind');
    expect(kind.value).toBe('free');
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Free funds', 'Aktiesparekonto', 'Pension']);
    await userEvent.selectOptions(kind, 'aktiesparekonto');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    const row = await within(table).findByRole('row', { name: /Nordnet ASK/ });
    expect(within(row).getByText('Aktiesparekonto')).toBeTruthy();
  });

  it("change on the portfolio's screen, its badge following", async () => {
    await renderApp('/portfolios/create', { as: 'fresh' });
    await userEvent.type(await screen.findByLabelText('Portfolio name'), 'Saxo');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    const row = await within(table).findByRole('row', { name: /Saxo/ });
    // Free funds, the usual case, carry no badge.
    expect(within(row).queryByText('Free funds')).toBeNull();
    await userEvent.click(within(row).getByRole('link', { name: 'Saxo' }));
    const title = await screen.findByRole('heading', { name: 'Saxo', level: 1 });
    await userEvent.selectOptions(await screen.findByLabelText('Kind'), 'pension');
    expect(await screen.findByText('Portfolio kind saved')).toBeTruthy();
    expect(await within(title).findByText('Pension')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Kind').value).toBe('pension');
    expect(screen.getByRole('link', { name: 'Tax year' }).getAttribute('href')).toMatch(
      /^\/reports\/\d{4}$/,
    );
  });
});
