// @vitest-environment jsdom
// The investment screen against the mock: the listing to take prices from, the provider's splits
// and dividends offered for recording, and Buy and Sell of a USD stock.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Api, Listing } from '../../../src/api';
import { describedBy, type MarketOptions } from '../support';
import { type Holding, NOVO, openHolding, priceLine } from './open-holding';

const NVIDIA = 'US67066G1040';

describe('the listing', () => {
  const listings: Listing[] = [
    {
      id: 'yahoo:NOVO-B.CO',
      symbol: 'NOVO-B.CO',
      name: 'Novo Nordisk B',
      exchange: 'Copenhagen',
      currency: 'DKK',
      selected: true,
    },
    {
      id: `synthetic:${NOVO}`,
      symbol: NOVO,
      name: 'Novo Nordisk B',
      exchange: 'Formue demo market',
      currency: 'DKK',
      selected: false,
    },
    {
      id: 'yahoo:NOV.DE',
      symbol: 'NOV.DE',
      name: 'Novo Nordisk B',
      exchange: 'XETRA',
      currency: null,
      selected: false,
    },
  ];
  /** The demo market has one listing an instrument: these three are the test's. */
  const threeListings = (api: Api): Api => ({
    ...api,
    prices: () =>
      api.prices().then((calls) => ({ ...calls, getListings: () => Promise.resolve(listings) })),
  });

  it('Change listing offers each place it trades and saves the one chosen', async () => {
    await openHolding({ api: threeListings });
    await userEvent.click(await screen.findByRole('button', { name: 'Change listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Listing' });
    const options = within(dialog).getAllByRole('radio');
    expect(options.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Copenhagen · DKK · NOVO-B.CO',
      `Formue demo market · DKK · ${NOVO}`,
      'XETRA · NOV.DE',
    ]);
    expect(
      within(dialog).getByRole<HTMLInputElement>('radio', { name: /Copenhagen/ }).checked,
    ).toBe(true);

    // A listing the server does not know for it is refused next to the choice.
    await userEvent.click(within(dialog).getByRole('radio', { name: /XETRA/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The selected listing is invalid.')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('radio', { name: /Formue demo market/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Listing changed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is not offered where the instrument trades in one place', async () => {
    await openHolding();
    await priceLine(/^Price/);
    expect(screen.queryByRole('button', { name: 'Change listing' })).toBeNull();
  });
});

describe('suggestions', () => {
  /** NVIDIA's 10-for-1 split and a dividend after it, as a provider reports them. */
  const nvidia: MarketOptions = {
    prices: () => 120,
    actions: (code) =>
      code === NVIDIA
        ? [
            { kind: 'split', day: '2024-06-10', numerator: 10, denominator: 1 },
            { kind: 'dividend', day: '2024-09-12', amount: 0.01, currency: 'USD' },
          ]
        : [],
  };
  const nvidiaHolding: Holding = {
    market: nvidia,
    isin: NVIDIA,
    name: 'NVIDIA',
    date: '2024-01-02',
    price: 500,
    currency: 'USD',
  };
  const holdNvidia = (storage: [string, string][] = []) =>
    openHolding({ ...nvidiaHolding, storage });

  it('offers to record a split, filled in from the provider; recorded, it goes', async () => {
    await holdNvidia();
    const suggestions = await screen.findByRole('region', { name: 'Suggestions' });
    const split = await within(suggestions).findByRole('group', {
      name: 'NVIDIA split 1:10 (10 for 1) on 2024-06-10. Record it?',
    });
    await userEvent.click(within(split).getByRole('button', { name: 'Record' }));
    const dialog = screen.getByRole('dialog', { name: 'Stock Split' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Date').value).toBe('2024-06-10');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Shares after split').value).toBe('100');
    expect(within(dialog).getByText('1:10 (10 for 1)')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(suggestions).queryByRole('group', { name: /split/ })).toBeNull(),
    );
  });

  it('offers to record a dividend with its amount; Dismiss stops offering it', async () => {
    await holdNvidia();
    const dividend = await screen.findByRole('group', {
      name: /^NVIDIA paid USD\s0\.01 per share on 2024-09-12\. Record it\?$/,
    });
    await userEvent.click(within(dividend).getByRole('button', { name: 'Record' }));
    const dialog = screen.getByRole('dialog', { name: 'Dividend' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Date').value).toBe('2024-09-12');
    // 10 shares held then (the split is not recorded): 10 x 0.01.
    expect(within(dialog).getByLabelText<HTMLInputElement>('Total dividends').value).toBe('0.1');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(dividend).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: /paid/ })).toBeNull());
    expect(screen.getByRole('group', { name: /split 1:10 \(10 for 1\)/ })).toBeTruthy();
  });

  it.each(['home', 'portfolio'] as const)(
    'on %s, the row says the split is not recorded, one tap from recording it',
    async (at) => {
      await openHolding({ ...nvidiaHolding, at });
      const table = await screen.findByRole('table', { name: 'Investments' });
      const row = await within(table).findByRole('row', { name: /NVIDIA/ });
      expect(row.textContent).toContain('Split 1:10 (10 for 1) on 2024-06-10 not recorded');
      if (at === 'home') {
        const portfolios = screen.getByRole('table', { name: 'Portfolios' });
        const pension = within(portfolios).getByRole('row', { name: /Pension/ });
        expect(within(pension).getByText('1 investment')).toBeTruthy();
        expect(within(pension).getByText('1 split not recorded')).toBeTruthy();
      }
      await userEvent.click(within(row).getByRole('button', { name: 'Record split of NVIDIA' }));
      // The form's code comes after home's first paint (not in home's first code).
      const dialog = await screen.findByRole('dialog', { name: 'Stock Split' });
      expect(within(dialog).getByLabelText<HTMLInputElement>('Date').value).toBe('2024-06-10');
      expect(within(dialog).getByLabelText<HTMLInputElement>('Shares after split').value).toBe(
        '100',
      );
      expect(within(dialog).getByLabelText('Split ratio').textContent).toBe('1:10 (10 for 1)');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(row.textContent).not.toContain('not recorded'));
      expect(row.textContent).toContain('100 shares');
    },
  );

  it('speak Danish', async () => {
    await holdNvidia([['language', 'da']]);
    const split = await screen.findByRole('group', {
      name: 'NVIDIA blev splittet 1:10 (10 for 1) den 2024-06-10. Vil du registrere det?',
    });
    expect(within(split).getByRole('button', { name: 'Registrer' })).toBeTruthy();
    expect(within(split).getByRole('button', { name: 'Afvis' })).toBeTruthy();
  });
});

describe('Buy and Sell of a USD stock', () => {
  const apple = { isin: 'US0378331005', name: 'Apple', currency: 'USD', price: 150 };

  it.each(['Buy', 'Sell'])('%s starts in USD, the listing currency', async (kind) => {
    await openHolding(apple);
    await userEvent.click(screen.getByRole('button', { name: kind }));
    const dialog = screen.getByRole('dialog', { name: kind });
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
  });

  it('a price far from the close asks "Did you mean…?" once; the second Add saves it', async () => {
    await openHolding(apple);
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(dialog).getByLabelText('Shares'), '1');
    const price = within(dialog).getByLabelText('Price per share');
    await userEvent.type(price, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    // Intl puts a no-break space between code and amount.
    await waitFor(() =>
      expect(describedBy(price).replace(/\u00a0/g, ' ')).toBe('Did you mean USD 120.00?'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Buy saved')).toBeTruthy();
  });

  it('Use takes the market price and currency instead', async () => {
    await openHolding(apple);
    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy' });
    await userEvent.type(within(dialog).getByLabelText('Shares'), '1');
    await userEvent.selectOptions(within(dialog).getByLabelText('Currency'), 'DKK');
    await userEvent.type(within(dialog).getByLabelText('Price per share'), '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: /^Use USD\s120\.00$/ }),
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Price per share').value).toBe('120');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Currency').value).toBe('USD');
    expect(within(dialog).queryByText(/Did you mean/)).toBeNull();
  });
});
