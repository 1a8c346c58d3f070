// What the server's fault soak draws and sends: its faults and actions by weight, the writes it
// means, and the API's answers as far as it reads them.
import type { Fault } from './fault-proxy';

/** How often each fault meets a request, out of the sum. */
export const FAULTS: Record<Fault, number> = {
  pass: 10,
  delay: 3,
  requestLost: 3,
  answerLost: 4,
  cutInFlight: 2,
};

type Action =
  | 'createPortfolio'
  | 'createInvestment'
  | 'buy'
  | 'sell'
  | 'dividend'
  | 'editEvent'
  | 'deleteEvent'
  | 'renamePortfolio'
  | 'renameInvestment'
  | 'deleteInvestment'
  | 'deletePortfolio';

export const ACTIONS: Record<Action, number> = {
  createPortfolio: 3,
  createInvestment: 6,
  buy: 14,
  sell: 7,
  dividend: 7,
  editEvent: 10,
  deleteEvent: 4,
  renamePortfolio: 3,
  renameInvestment: 3,
  deleteInvestment: 1,
  deletePortfolio: 1,
};

/** Stocks of the synthetic market's catalogue. */
export const ISINS = [
  'DK0062498333',
  'DK0010274414',
  'DK0060079531',
  'DK0061539921',
  'DK0060448595',
];

// What the script meant, kept as it goes.
export interface PortfolioIntent {
  id: number;
  name: string;
  deleted: boolean;
}
export interface InvestmentIntent {
  id: number;
  name: string;
  portfolio: PortfolioIntent;
  deleted: boolean;
}
export type Entered =
  | {
      type: 'buy' | 'sell';
      shares: number;
      share_price: number;
      fee: number;
      currency_code: string;
    }
  | { type: 'div'; amount: number; currency_code: string };
export interface EventIntent {
  /** Undefined for an investment's first buy, which its answer does not name. */
  id: number | undefined;
  investment: InvestmentIntent;
  entered: Entered;
  deleted: boolean;
}

export interface Write {
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Creating calls: one key per intended write, sent again with every retry. */
  key?: string;
  expect: number;
}

// What the API answers, as far as the soak reads it.
export interface Named {
  id: number;
  name: string;
}
export interface WireInvestment extends Named {
  portfolio_id: number;
}
export interface WireEvent {
  id: number;
  investment_id: number;
}

export const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

export function weighted<T extends string>(random: () => number, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let left = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [item, weight] of entries) {
    left -= weight;
    if (left < 0) return item;
  }
  return entries[entries.length - 1][0];
}
