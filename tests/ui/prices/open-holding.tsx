// An investment's screen opened on a holding the test makes, and what it shows of its prices.
import { screen } from '@testing-library/react';
import type { Api } from '../../../src/api';
import { logInFresh, renderApp, startServer, testApi, type MarketOptions } from '../support';

export const NOVO = 'DK0062498333';

export interface Holding {
  market?: MarketOptions;
  isin?: string;
  name?: string;
  date?: string;
  shares?: number;
  price?: number;
  currency?: string;
  storage?: [string, string][];
  api?: (api: Api) => Api;
  /** The screen opened: the investment's (by default), home, or its portfolio's. */
  at?: 'investment' | 'home' | 'portfolio';
}

/** A new account holding one instrument bought on `date`, its investment screen open. */
export async function openHolding({
  market = { prices: () => 120 },
  isin = NOVO,
  name = 'Novo Nordisk B',
  date = '2026-09-01',
  shares = 10,
  price = 100,
  currency = 'DKK',
  storage = [],
  api,
  at = 'investment',
}: Holding = {}) {
  startServer(market);
  await logInFresh();
  const client = testApi();
  const portfolio = await client.createPortfolio({ name: 'Pension' }, { validateOnly: false });
  const investment = await client.createInvestment(
    {
      investment: { portfolio_id: portfolio?.id ?? '', name },
      instrument: { type: 'stock', isin },
      buy_event: { date, shares, share_price: price, fee: 0, currency_code: currency },
    },
    { validateOnly: false },
  );
  const paths = {
    investment: `/investments/${investment?.id ?? ''}`,
    home: '/home',
    portfolio: `/portfolios/${portfolio?.id ?? ''}`,
  };
  const rendered = await renderApp(paths[at], {
    storage: new Map([['logged_in', 'true'], ...storage]),
    ...(api && { api }),
  });
  if (at === 'investment') await screen.findByRole('heading', { name, level: 1 });
  return rendered;
}

/** An element's text as it reads: Intl puts a no-break space between code and amount. */
export const read = (element: Element): string => element.textContent.replace(/\u00a0/g, ' ');

/** The price line under the facts, as it reads. */
export async function priceLine(pattern: RegExp): Promise<HTMLElement> {
  return screen.findByText((_, element) => element?.tagName === 'P' && pattern.test(read(element)));
}
