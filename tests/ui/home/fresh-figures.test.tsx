// @vitest-environment jsdom
// Figures remembered on the device are only a first paint: whatever a screen decides from them
// (which card, which rows, which share) is asked of the server again at every start and after
// every change (issue 34, defect 1). The test's own API client plays another browser.
import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logInFresh, renderApp, startServer, testApi } from '../support';

const buy = { date: '2024-01-02', shares: 10, share_price: 400, fee: 0, currency_code: 'DKK' };

/** Another browser adds an investment of 10 shares bought at 400 DKK. */
async function addInvestment(portfolioId: string, name: string): Promise<string> {
  const investment = await testApi().createInvestment(
    {
      investment: { portfolio_id: portfolioId, name },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: buy,
    },
    { validateOnly: false },
  );
  return investment?.id ?? '';
}

/** Another browser adds a portfolio with one investment; the ids of both. */
async function addHolding() {
  const portfolio = await testApi().createPortfolio({ name: 'Pension' }, { validateOnly: false });
  const portfolioId = portfolio?.id ?? '';
  return { portfolioId, investmentId: await addInvestment(portfolioId, 'Novo Nordisk B') };
}

/** The investment's share of its portfolio by the server's figures, as the header writes it. */
async function serverShare(investmentId: string): Promise<string> {
  const api = testApi();
  const investment = (await api.getInvestments()).find((i) => i.id === investmentId);
  const portfolio = (await api.getPortfolios()).find((p) => p.id === investment?.portfolio_id);
  return `${((100 * (investment?.value ?? 0)) / (portfolio?.value ?? 1)).toFixed(2)} %`;
}

/** The investment header's "Of portfolio", when it shows one. */
function shownShare(): string | undefined {
  const label = within(screen.getByLabelText('Facts')).queryByText('Of portfolio');
  return label?.nextElementSibling?.textContent.replace(/\s/g, ' ');
}

describe('remembered figures are only a first paint', () => {
  it('home asks again for its first step: data made elsewhere shows at the next start', async () => {
    const { flag } = await renderApp('/home', { as: 'fresh' });
    await screen.findByRole('region', { name: 'Welcome to Formue' });
    await addHolding();

    cleanup();
    await renderApp('/home', { storage: flag });
    expect(await screen.findByRole('region', { name: 'Total value' })).toBeTruthy();
    const investments = await screen.findByRole('table', { name: 'Investments' });
    expect(within(investments).getByRole('link', { name: /Novo Nordisk B/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Welcome to Formue' })).toBeNull();
  });

  it("an investment's share of its portfolio is asked again at the next start", async () => {
    startServer();
    await logInFresh();
    const { portfolioId, investmentId } = await addHolding();
    // Home keeps the portfolio's figures of now: the investment is all of it.
    const { flag } = await renderApp('/home', { storage: new Map([['logged_in', 'true']]) });
    await screen.findByRole('table', { name: 'Investments' });
    await addInvestment(portfolioId, 'Second');

    cleanup();
    await renderApp(`/investments/${investmentId}`, { storage: flag });
    const expected = await serverShare(investmentId);
    expect(expected).toBe('50.00 %');
    await waitFor(() => expect(shownShare()).toBe(expected));
  });

  it("an investment's share of its portfolio is asked again after a buy on its screen", async () => {
    startServer();
    await logInFresh();
    const { portfolioId, investmentId } = await addHolding();
    await addInvestment(portfolioId, 'Second');
    await renderApp('/home', { storage: new Map([['logged_in', 'true']]) });
    const table = await screen.findByRole('table', { name: 'Investments' });
    await userEvent.click(within(table).getByRole('link', { name: /Novo Nordisk B/ }));
    await waitFor(() => expect(shownShare()).toBe('50.00 %'));

    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(dialog).getByLabelText('Shares'), '10');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '400');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'DKK');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const expected = await serverShare(investmentId);
    expect(expected).not.toBe('50.00 %');
    await waitFor(() => expect(shownShare()).toBe(expected));
  });
});
