// What the server's fault soak meant, kept as it goes: its records, each marked when deleted.
import type { EventIntent, InvestmentIntent, PortfolioIntent } from './soak-plan';

export class Intents {
  readonly portfolios: PortfolioIntent[] = [];
  readonly investments: InvestmentIntent[] = [];
  readonly events: EventIntent[] = [];
  private serial = 0;

  /** A number no other name or price of the soak has. */
  readonly unique = () => ++this.serial;

  readonly livePortfolios = () => this.portfolios.filter((p) => !p.deleted);

  readonly liveInvestments = () =>
    this.investments.filter((i) => !i.deleted && !i.portfolio.deleted);

  readonly liveEvents = (investment?: InvestmentIntent) =>
    this.events.filter(
      (e) =>
        !e.deleted &&
        !e.investment.deleted &&
        !e.investment.portfolio.deleted &&
        (investment === undefined || e.investment === investment),
    );

  readonly held = (investment: InvestmentIntent) =>
    this.liveEvents(investment).reduce(
      (sum, { entered: e }) =>
        e.type === 'buy' ? sum + e.shares : e.type === 'sell' ? sum - e.shares : sum,
      0,
    );

  /** A trade at a price of its own, so a stored first buy is found by what it holds. */
  readonly trade = (shares: number) => ({
    shares,
    share_price: 100 + this.unique() / 100,
    fee: 0,
    currency_code: 'DKK',
  });

  readonly dividend = () => ({ amount: 10 + this.unique() / 100, currency_code: 'DKK' });
}
