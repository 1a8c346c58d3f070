// The Add portfolio form (product-spec section 2): a save flow (save-flow.ts) whose create call
// carries x-validate-only: 0 and the submission's Idempotency-Key. On success the list gets the
// portfolio, then the app goes back one page (to /home when the form was the first page opened),
// as the Add investment form does.
import type { Api } from '../api';
import type { Portfolio } from '../domain/types';
import { changed } from './changes';
import type { DataRef } from './data.machine';
import type { SessionRef } from './flow';
import { PORTFOLIO_RULES, type PortfolioValues } from './forms/portfolio.rules';
import type { NoticesRef } from './notices.machine';
import type { Platform } from './platform';
import { saveFlow } from './save-flow';
import type { KeyMaker } from './submission';

export interface CreatePortfolioInput {
  api: Api;
  data: DataRef;
  session: SessionRef;
  platform: Platform;
  notices: NoticesRef;
  /** Makes the submission's Idempotency-Key; a random UUID by default. */
  newKey?: KeyMaker;
}

export const createPortfolioMachine = saveFlow({
  id: 'createPortfolio',
  types: { input: {} as CreatePortfolioInput },
  values: (): PortfolioValues => ({ name: '' }),
  rules: PORTFOLIO_RULES,
  keyed: true,
  submit: ({ context, body, idempotencyKey }) =>
    context.input.api.createPortfolio(body, { validateOnly: false, idempotencyKey }),
  saved: (_, portfolio: Portfolio | null) => ({
    // A 2xx without the portfolio: reload the list rather than guess.
    announce: portfolio ? { type: 'portfolio.created', portfolio } : changed('portfolio.created'),
    notice: 'Portfolio created',
  }),
});
