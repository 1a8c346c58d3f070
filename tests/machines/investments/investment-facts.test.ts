import { describe, expect, it } from 'vitest';
import type { Investment, Portfolio } from '../../../src/domain/types';
import { screenOf, showsPeriod } from '../../../src/machines/app/routes';
import { investmentFacts } from '../../../src/machines/data/selectors';

const positions = { lifetime: 0, realised: 0, unrealised: 0 };

/** 10 shares worth 1,500 DKK that cost 1,200: 300 unrealised. */
const held: Investment = {
  id: '5',
  name: 'Novo Nordisk B',
  portfolio_id: '1',
  shares: 10,
  value: 1500,
  change: 0,
  changeRatio: 0,
  change_percentage: 0,
  positions: { ...positions, unrealised: 300 },
};

const portfolio: Portfolio = {
  id: '1',
  name: 'Pension',
  value: 6000,
  change: 0,
  changeRatio: 0,
  change_percentage: 0,
  investments: 2,
  positions,
};

const instrument = {
  type: 'stock',
  isin: 'DK0062498333',
  asset_class: 'stock',
  currency: 'DKK',
} as const;

describe('investmentFacts', () => {
  it('gives the price, the unrealised ratio and the share of the portfolio', () => {
    expect(investmentFacts(held, portfolio)).toEqual({
      price: 150,
      unrealisedRatio: 0.25,
      portfolioShare: 0.25,
    });
  });

  it('leaves the price to the price line when the backend says the quote', () => {
    const quote = {
      price: 20,
      currency: 'EUR',
      price_dkk: 150,
      date: '2026-11-24',
      source: 'yahoo',
    };
    expect(investmentFacts({ ...held, quote }, portfolio)).not.toHaveProperty('price');
  });

  it('passes the instrument on when the backend sends it', () => {
    expect(investmentFacts({ ...held, instrument }, portfolio).instrument).toEqual(instrument);
  });

  it('leaves out what cannot be known: no price or ratio once sold, no share of nothing', () => {
    const sold = { ...held, shares: 0, value: 0, positions };
    expect(investmentFacts(sold, { ...portfolio, value: 0 })).toEqual({});
    expect(investmentFacts(held, undefined)).not.toHaveProperty('portfolioShare');
  });

  it('gives a loss as a negative ratio', () => {
    const loss = { ...held, positions: { ...positions, unrealised: -500 } };
    expect(investmentFacts(loss, portfolio).unrealisedRatio).toBeCloseTo(-0.25);
  });
});

describe('showsPeriod', () => {
  it.each([
    ['/home', true],
    ['/portfolios/3', true],
    ['/investments/37', true],
    ['/history', false],
    ['/profile', false],
    ['/portfolios/create', false],
    ['/investments/create', false],
    ['/no/such/page', false],
  ])('%s: %s', (path, shown) => {
    expect(showsPeriod(path)).toBe(shown);
  });

  it('knows the create screens from the ones with an id, as the router does', () => {
    expect(screenOf('/portfolios/create')).toBe('portfolioCreate');
    expect(screenOf('/Portfolios/7/')).toBe('portfolio');
    expect(screenOf('/')).toBeUndefined();
  });
});
