// @vitest-environment jsdom
// A new account sees its first step on home above its (still empty) figures, with the spec's total,
// positions and links kept.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './support';

describe('first step on home', () => {
  it('an account with no portfolio is welcomed and asked to create one, first', async () => {
    await renderApp('/home', { as: 'fresh' });
    const welcome = await screen.findByRole('region', { name: 'Welcome to Formue' });
    expect(welcome.textContent).toMatch(/Step 1 of 2/);
    const create = screen.getByRole('link', { name: 'Create a portfolio' });
    expect(create.getAttribute('href')).toBe('/portfolios/create');
    // The step comes first; the spec's total and links stay.
    const total = screen.getByRole('region', { name: 'Total value' });
    expect(welcome.compareDocumentPosition(total) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add portfolio' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Click here to create a portfolio' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Click here to create an Investment' })).toBeTruthy();
  });

  it('once a portfolio exists, asks for the first investment', async () => {
    const { paths } = await renderApp('/home', { as: 'fresh' });
    await userEvent.click(await screen.findByRole('link', { name: 'Create a portfolio' }));
    await userEvent.type(screen.getByLabelText('Portfolio name'), 'Pension');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));

    const next = await screen.findByRole('region', { name: 'Your portfolio is ready' });
    expect(next.textContent).toMatch(/Step 2 of 2/);
    const add = screen.getByRole('link', { name: 'Add your first investment' });
    expect(add.getAttribute('href')).toBe('/investments/create');
    expect(screen.queryByRole('region', { name: 'Welcome to Formue' })).toBeNull();
  });

  it('an account with investments sees its total, and no first step', async () => {
    await renderApp('/home', { as: 'demo' });
    expect(await screen.findByRole('region', { name: 'Total value' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Investments' });
    expect(screen.queryByRole('link', { name: 'Create a portfolio' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add your first investment' })).toBeNull();
  });
});
