// @vitest-environment jsdom
// A new account sees its first step on home until it holds something, over the two lists with
// the product spec's empty texts as its links: no zero total, flat chart or zero positions.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support';

const CREATE_PORTFOLIO = 'Click here to create a portfolio';
const CREATE_INVESTMENT = 'Click here to create an Investment';

/** The list titled `title`, with its empty text when it has no rows. */
const section = (title: string) => screen.getByRole('region', { name: title });

describe('first step on home', () => {
  it('an account with no portfolio is welcomed, and both empty lists say how to start', async () => {
    await renderApp('/home', { as: 'fresh' });
    const welcome = await screen.findByRole('region', { name: 'Welcome to Formue' });
    expect(welcome.textContent).toMatch(/Step 1 of 2/);
    expect(
      within(welcome)
        .getByRole('link', { name: /import your history/ })
        .getAttribute('href'),
    ).toBe('/import');
    const portfolios = await within(section('Portfolios')).findByRole('link', {
      name: CREATE_PORTFOLIO,
    });
    expect(portfolios.getAttribute('href')).toBe('/portfolios/create');
    const investments = within(section('Investments')).getByRole('link', {
      name: CREATE_INVESTMENT,
    });
    expect(investments.getAttribute('href')).toBe('/investments/create');
    // No figures of nothing.
    expect(screen.queryByRole('region', { name: 'Total value' })).toBeNull();
    expect(screen.queryByText('Positions')).toBeNull();
  });

  it('creating an investment with no portfolio leads to creating the portfolio first', async () => {
    await renderApp('/home', { as: 'fresh' });
    await screen.findByRole('region', { name: 'Welcome to Formue' });
    await userEvent.click(screen.getByRole('link', { name: CREATE_INVESTMENT }));
    expect(await screen.findByRole('link', { name: 'Create a portfolio first' })).toBeTruthy();
  });

  it('once a portfolio exists, asks for the first investment', async () => {
    const { paths } = await renderApp('/home', { as: 'fresh' });
    await userEvent.click(await screen.findByRole('link', { name: CREATE_PORTFOLIO }));
    await userEvent.type(screen.getByLabelText('Portfolio name'), 'Pension');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/home'));

    const next = await screen.findByRole('region', { name: 'Your portfolio is ready' });
    expect(next.textContent).toMatch(/Step 2 of 2/);
    expect(screen.queryByRole('region', { name: 'Welcome to Formue' })).toBeNull();
    const portfolios = within(section('Portfolios')).getByRole('table', { name: 'Portfolios' });
    expect(within(portfolios).getByRole('link', { name: /Pension/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: CREATE_PORTFOLIO })).toBeNull();
    const add = within(section('Investments')).getByRole('link', { name: CREATE_INVESTMENT });
    expect(add.getAttribute('href')).toBe('/investments/create');
    // Still no figures of nothing.
    expect(screen.queryByRole('region', { name: 'Total value' })).toBeNull();
  });

  it('an account with investments sees its total, and no first step', async () => {
    await renderApp('/home', { as: 'demo' });
    expect(await screen.findByRole('region', { name: 'Total value' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Investments' });
    expect(screen.queryByRole('region', { name: 'Welcome to Formue' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your portfolio is ready' })).toBeNull();
  });
});
