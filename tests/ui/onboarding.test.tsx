// @vitest-environment jsdom
// A new account sees its first step alone on home until it holds something: no zero total, flat
// chart, zero positions or empty tables under it.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './support';

describe('first step on home', () => {
  it('an account with no portfolio is welcomed and asked to create one, first', async () => {
    await renderApp('/home', { as: 'fresh' });
    const welcome = await screen.findByRole('region', { name: 'Welcome to Formue' });
    expect(welcome.textContent).toMatch(/Step 1 of 2/);
    const create = screen.getByRole('link', { name: 'Click here to create a portfolio' });
    expect(create.getAttribute('href')).toBe('/portfolios/create');
    expect(screen.getByRole('link', { name: /import your history/ }).getAttribute('href')).toBe(
      '/import',
    );
    // The step alone: no figures of nothing, and no way to add an investment without a portfolio.
    expect(screen.queryByRole('region', { name: 'Total value' })).toBeNull();
    expect(screen.queryByText('Positions')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Click here to create an Investment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add investment' })).toBeNull();
  });

  it('once a portfolio exists, asks for the first investment', async () => {
    const { paths } = await renderApp('/home', { as: 'fresh' });
    await userEvent.click(
      await screen.findByRole('link', { name: 'Click here to create a portfolio' }),
    );
    await userEvent.type(screen.getByLabelText('Portfolio name'), 'Pension');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));

    const next = await screen.findByRole('region', { name: 'Your portfolio is ready' });
    expect(next.textContent).toMatch(/Step 2 of 2/);
    const add = screen.getByRole('link', { name: 'Add your first investment' });
    expect(add.getAttribute('href')).toBe('/investments/create');
    expect(screen.queryByRole('region', { name: 'Welcome to Formue' })).toBeNull();
    // Still no figures of nothing; the portfolio made is listed.
    expect(screen.queryByRole('region', { name: 'Total value' })).toBeNull();
    const portfolios = screen.getByRole('table', { name: 'Portfolios' });
    expect(within(portfolios).getByRole('link', { name: /Pension/ })).toBeTruthy();
  });

  it('an account with investments sees its total, and no first step', async () => {
    await renderApp('/home', { as: 'demo' });
    expect(await screen.findByRole('region', { name: 'Total value' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Investments' });
    expect(screen.queryByRole('region', { name: 'Welcome to Formue' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add your first investment' })).toBeNull();
  });
});
