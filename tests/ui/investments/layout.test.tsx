// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { Investment, Portfolio } from '../../../src/domain/types';
import { investmentFacts } from '../../../src/machines/data/selectors';
import { AmountFormatProvider } from '../../../src/ui/components/format-context';
import { InvestmentFacts } from '../../../src/ui/investments/investment-facts';
import { I18nProvider, makeI18n } from '../../../src/ui/app/use-i18n';
import { danish } from '../../../src/i18n/da';
import { renderApp } from '../support';

const positions = { lifetime: 0, realised: 0, unrealised: 0 };

/** 4 shares worth 1,000 DKK bought for 800, in a portfolio worth 4,000. */
const investment: Investment = {
  id: '5',
  name: 'Novo Nordisk B',
  portfolio_id: '1',
  shares: 4,
  value: 1000,
  change: 0,
  changeRatio: 0,
  change_percentage: 0,
  positions: { ...positions, unrealised: 200 },
  instrument: { type: 'stock', isin: 'DK0062498333', asset_class: 'stock', currency: 'DKK' },
};

const portfolio: Portfolio = {
  id: '1',
  name: 'Pension',
  value: 4000,
  change: 0,
  changeRatio: 0,
  change_percentage: 0,
  investments: 3,
  positions,
};

/** Each fact's term and its description, as a screen reader pairs them (spaces as typed). */
function factsOf(list: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [
        term.textContent,
        (term.nextElementSibling?.textContent ?? '').replace(/\s/g, ' '),
      ]),
  );
}

describe('the investment header', () => {
  it('shows price, code, type, currency, return and share of the portfolio', () => {
    render(<InvestmentFacts facts={investmentFacts(investment, portfolio)} />);
    expect(factsOf(screen.getByLabelText('Facts'))).toEqual({
      Price: 'DKK 250.00',
      ISIN: 'DK0062498333',
      Type: 'Stock',
      Currency: 'DKK',
      'Unrealised return': '+25.00 %',
      'Of portfolio': '25.00 %',
    });
  });

  it('names a crypto code Symbol, and leaves out what the backend does not say', () => {
    const crypto = {
      ...investment,
      instrument: { type: 'crypto', isin: 'BTC', asset_class: 'crypto', currency: 'USD' },
    } as const;
    render(<InvestmentFacts facts={investmentFacts(crypto, undefined)} />);
    const facts = factsOf(screen.getByLabelText('Facts'));
    expect(facts).toMatchObject({ Symbol: 'BTC', Type: 'Crypto', Currency: 'USD' });
    expect(facts).not.toHaveProperty('Of portfolio');
  });

  it('hides the price in privacy mode and keeps the percentages', () => {
    render(
      <AmountFormatProvider value={{ showCurrency: true, showDecimals: true, hidden: true }}>
        <InvestmentFacts facts={investmentFacts(investment, portfolio)} />
      </AmountFormatProvider>,
    );
    const facts = factsOf(screen.getByLabelText('Facts'));
    expect(facts.Price).toContain('hidden amount');
    expect(facts.Price).not.toContain('250');
    expect(facts['Unrealised return']).toBe('+25.00 %');
    expect(facts['Of portfolio']).toBe('25.00 %');
  });

  it('speaks Danish when Danish is chosen', () => {
    render(
      <I18nProvider value={makeI18n('da', danish)}>
        <AmountFormatProvider value={{ showCurrency: true, showDecimals: true, locale: 'da-DK' }}>
          <InvestmentFacts facts={investmentFacts(investment, portfolio)} />
        </AmountFormatProvider>
      </I18nProvider>,
    );
    expect(factsOf(screen.getByLabelText('Nøgletal'))).toMatchObject({
      Type: 'Aktie',
      Valuta: 'DKK',
      'Urealiseret afkast': '+25,00 %',
      'Andel af portefølje': '25,00 %',
    });
    // Its name says, when pressed, what it counts (issue 27, item 2).
    const toggle = screen.getByRole('button', { name: 'Urealiseret afkast' });
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')?.textContent).toBe(
      'Gevinst på de aktier, du ejer nu, i forhold til hvad de kostede.',
    );
  });

  it('holds its place while the investments load', () => {
    render(<InvestmentFacts facts={undefined} />);
    expect(screen.getByRole('status', { name: 'Loading facts' })).toBeTruthy();
  });
});

describe('the period selector', () => {
  it.each(['/home', '/investments/37'])('is in the top bar on %s', async (path) => {
    await renderApp(path, { as: 'demo' });
    expect(await screen.findByRole('combobox', { name: 'Period' })).toBeTruthy();
  });

  it.each([
    ['/history', 'History'],
    ['/profile', 'Profile'],
    ['/portfolios/create', 'New portfolio'],
  ])('is not shown on %s, where it would change nothing', async (path, heading) => {
    await renderApp(path, { as: 'demo' });
    await screen.findByRole('heading', { name: heading, level: 1 });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Period' })).toBeNull();
  });
});

describe('on a desktop', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the menu as a sidebar, with no burger to open a second copy', async () => {
    const desktop: Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'> = {
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    // jsdom has no matchMedia; the app asks only whether a desktop's width matches.
    vi.stubGlobal('matchMedia', () => desktop);
    await renderApp('/history', { as: 'demo' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'History' })).toHaveLength(1);
  });
});
