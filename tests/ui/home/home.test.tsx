// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pressBack, renderApp } from '../support';

/** The amount in a value cell as a number ("DKK 558,110.11" is 558110.11). */
function amountOf(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

describe('home', () => {
  it('shows skeletons while loading, then the total, chart and both tables', async () => {
    await renderApp('/home', { as: 'demo' });
    expect(screen.getByRole('status', { name: 'Loading portfolios' })).toBeTruthy();
    const portfolios = await screen.findByRole('table', { name: 'Portfolios' });
    expect(within(portfolios).getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(within(portfolios).getByRole('columnheader', { name: 'Value' })).toBeTruthy();
    expect(within(portfolios).getByRole('columnheader', { name: 'Change' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Investments' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: /^Value chart/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Total value' }).textContent).toMatch(/DKK/);
  });

  it('asks only for what it shows: never the events or the currencies', async () => {
    const asked: string[] = [];
    await renderApp('/home', {
      as: 'demo',
      api: (api) => ({
        ...api,
        getEvents: () => {
          asked.push('events');
          return api.getEvents();
        },
        getCurrencies: () => {
          asked.push('currencies');
          return api.getCurrencies();
        },
      }),
    });
    await screen.findByRole('table', { name: 'Investments' });
    expect(await screen.findByRole('img', { name: /^Value chart/ })).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('lists positions as key figures, so the only tables are portfolios and investments', async () => {
    await renderApp('/home', { as: 'demo' });
    await screen.findByRole('table', { name: 'Investments' });
    const name = (table: HTMLElement) =>
      table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent;
    expect(screen.getAllByRole('table').map(name)).toEqual(['Portfolios', 'Investments']);
    const positions = within(screen.getByRole('region', { name: 'Positions' }));
    const terms = (await positions.findAllByRole('term')).map((term) => term.textContent);
    expect(terms).toEqual(['Lifetime', 'Realised', 'Unrealised']);
    expect(positions.getAllByRole('definition')[0].textContent).toMatch(/DKK/);
  });

  it('sorts portfolios by value, descending, each linking to its screen', async () => {
    await renderApp('/home', { as: 'demo' });
    const table = await screen.findByRole('table', { name: 'Portfolios' });
    const rows = within(table).getAllByRole('row').slice(1);
    const values = rows.map((row) => amountOf(within(row).getAllByRole('cell')[1].textContent));
    expect(values.length).toBeGreaterThan(1);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toMatch(/^\/portfolios\/[^/]+$/);
  });

  it('has plus links to create a portfolio and an investment', async () => {
    await renderApp('/home', { as: 'demo' });
    expect(screen.getByRole('link', { name: 'Add portfolio' }).getAttribute('href')).toBe(
      '/portfolios/create',
    );
    expect(screen.getByRole('link', { name: 'Add investment' }).getAttribute('href')).toBe(
      '/investments/create',
    );
  });

  it('hides sold investments unless the setting says not to', async () => {
    await renderApp('/home', { as: 'demo' });
    const table = await screen.findByRole('table', { name: 'Investments' });
    const shown = within(table).getAllByRole('row').length;
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Hide sold investments' }));
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const all = await screen.findByRole('table', { name: 'Investments' });
    expect(within(all).getAllByRole('row').length).toBe(shown + 1);
    expect(within(all).getByText('0 shares')).toBeTruthy();
  });

  it("counts a portfolio's sold investments apart, and its page shows them on request", async () => {
    await renderApp('/home', { as: 'demo' });
    const portfolios = await screen.findByRole('table', { name: 'Portfolios' });
    const row = (await within(portfolios).findByText(/^\d+ held · 1 sold$/)).closest('tr');
    if (!row) throw new Error('no portfolio row with a sold investment');
    const held = Number(/^(\d+)/.exec(within(row).getByText(/held/).textContent ?? '')?.[1]);
    await userEvent.click(within(row).getByRole('link'));

    const table = await screen.findByRole('table', { name: 'Investments' });
    // The header row and one per held investment: the sold one is hidden by the setting.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(held + 1));
    expect(within(table).queryByText('0 shares')).toBeNull();
    const show = screen.getByRole('button', { name: 'Show sold (1)' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(show);
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(within(table).getAllByRole('row')).toHaveLength(held + 2);
    expect(within(table).getByText('0 shares')).toBeTruthy();
  });

  it("an empty account's lists say the product spec's empty texts, each a link", async () => {
    await renderApp('/home', { as: 'fresh' });
    const portfolio = await screen.findByRole('link', { name: 'Click here to create a portfolio' });
    expect(portfolio.getAttribute('href')).toBe('/portfolios/create');
    const investment = screen.getByRole('link', { name: 'Click here to create an Investment' });
    expect(investment.getAttribute('href')).toBe('/investments/create');
  });
});

describe('top bar and menu', () => {
  it('has a Period selector with the five periods, Day by default', async () => {
    await renderApp('/home', { as: 'demo' });
    const period = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Period' });
    expect(period.value).toBe('Day');
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Day', 'Week', 'Month', 'Year', 'Forever']);
    await userEvent.selectOptions(period, 'Year');
    expect(document.cookie).toContain('selected_period=Year');
  });

  it('while a new period loads, the old figure keeps its own period words', async () => {
    const { server } = await renderApp('/home', { as: 'demo' });
    const total = await screen.findByRole('region', { name: 'Total value' });
    await within(total).findByText('past 24 hours');
    server.faults.latency(400);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Forever');
    expect(total.getAttribute('aria-busy')).toBe('true');
    expect(within(total).getByText('past 24 hours')).toBeTruthy();
    expect(within(total).queryByText('all time')).toBeNull();
    await within(total).findByText('all time', {}, { timeout: 3000 });
    await waitFor(() => expect(total.getAttribute('aria-busy')).toBeNull(), { timeout: 3000 });
    expect(within(total).getByRole('img', { name: /Forever/ })).toBeTruthy();
    server.faults.clear();
  });

  it('the menu shows the user and its links, and Logout lands on the landing page', async () => {
    const { paths } = await renderApp('/home', { as: 'demo' });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(within(menu).getByText('demo@example.com')).toBeTruthy());
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/home',
    );
    expect(within(menu).getByRole('link', { name: 'History' }).getAttribute('href')).toBe(
      '/history',
    );
    expect(within(menu).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it('the back action closes the menu; a link in it leaves no menu entry behind', async () => {
    const { paths, history } = await renderApp('/home', { as: 'demo' });
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    act(() => pressBack(history));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(paths).toEqual(['/home']);

    await userEvent.click(menuButton);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'History' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(paths).toEqual(['/home', '/history']);
  });

  it('a failed Logout says why in the menu and keeps the user logged in', async () => {
    const { server, paths } = await renderApp('/home', { as: 'demo' });
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    server.faults.offline();
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(await within(menu).findByRole('alert')).toHaveProperty(
      'textContent',
      'You appear to be offline. Check your connection and try again.',
    );
    expect(paths.at(-1)).toBe('/home');
    server.faults.clear();
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(paths.at(-1)).toBe('/'));
  });

  it('an unknown path says 404 Not Found to a logged-out visitor too, with a way to Login', async () => {
    const { paths } = await renderApp('/no/such/page');
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Formue' }).getAttribute('href')).toBe('/');
    expect(paths.at(-1)).toBe('/no/such/page');
  });

  it('a screen of the app still sends a logged-out visitor to Login', async () => {
    const { paths } = await renderApp('/investments/3');
    await waitFor(() => expect(paths.at(-1)).toBe('/'));
    expect(screen.queryByText('404 Not Found')).toBeNull();
  });

  it('an unknown path says 404 Not Found with a way home', async () => {
    await renderApp('/no/such/page', { as: 'demo' });
    expect(screen.getByText('404 Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/home',
    );
  });
});
