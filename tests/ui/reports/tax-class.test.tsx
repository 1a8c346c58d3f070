// @vitest-environment jsdom
// An investment's tax class (issue 39) on its screen: the class and why, the user's override with
// its reason (required), and Use the rules; a holding of an aktiesparekonto follows it.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logInFresh, renderApp, startServer, testApi } from '../support';

async function openHolding(
  kind: 'free' | 'aktiesparekonto',
  instrument = { name: 'Novo Nordisk B', isin: 'DK0062498333' },
) {
  startServer({ prices: () => 120 });
  await logInFresh();
  const api = testApi();
  const portfolio = await api.createPortfolio({ name: 'Depot', kind }, { validateOnly: false });
  const investment = await api.createInvestment(
    {
      investment: { portfolio_id: portfolio?.id ?? '', name: instrument.name },
      instrument: { type: 'stock', isin: instrument.isin },
      buy_event: {
        date: '2025-09-01',
        shares: 10,
        share_price: 100,
        fee: 0,
        currency_code: 'DKK',
      },
    },
    { validateOnly: false },
  );
  await renderApp(`/investments/${investment?.id ?? ''}`);
  return screen.findByRole('region', { name: 'Tax' });
}

describe("an investment's tax class", () => {
  it('shows the rule, takes an override with its reason, and goes back to the rule', async () => {
    const section = await openHolding('free');
    expect(await within(section).findByText(/^Realisation · Share income \(\d{4}\)$/)).toBeTruthy();
    expect(within(section).getByText('Why: a listed share.')).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: 'Override' }));
    await userEvent.selectOptions(within(section).getByLabelText('Taxed on'), 'yearly');
    await userEvent.selectOptions(within(section).getByLabelText('Income'), 'capital');
    // The reason is required: a blank one is refused.
    const reason = within(section).getByLabelText(/^Reason/);
    await userEvent.type(reason, '   ');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('This field is required.')).toBeTruthy();
    await userEvent.clear(reason);
    await userEvent.type(reason, 'Bond-based, per my bank');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tax class saved')).toBeTruthy();
    expect(
      await within(section).findByText(/^Yearly gain \(lagerbeskatning\) · Capital income/),
    ).toBeTruthy();
    expect(within(section).getByText('Why: your choice: “Bond-based, per my bank”.')).toBeTruthy();

    await userEvent.click(within(section).getByRole('button', { name: 'Use the rules' }));
    expect(await within(section).findByText('Why: a listed share.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Use the rules' })).toBeNull();
  });

  it('follows an aktiesparekonto, with nothing to override', async () => {
    const section = await openHolding('aktiesparekonto');
    expect(
      await within(section).findByText('Why: it is in an aktiesparekonto, taxed 17 % as a whole.'),
    ).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Override' })).toBeNull();
  });

  it('says that no ABIS list is loaded, rather than that a fund is not on it', async () => {
    const section = await openHolding('free', {
      name: 'Sparindex Globale Aktier',
      isin: 'DK0060005254',
    });
    expect(
      await within(section).findByText(
        "Why: an investment company, and SKAT's ABIS list for the year is not loaded: it counts as capital income.",
      ),
    ).toBeTruthy();
    expect(within(section).queryByText(/not on SKAT's ABIS list/)).toBeNull();
  });
});
