// The Add portfolio form (product-spec section 2; its kind, issue 39): a save flow (save-flow.ts) whose create call
// carries x-validate-only: 0 and the submission's Idempotency-Key. On success the list gets the
// portfolio, then the app goes back one page (to /home when the form was the first page opened),
// as the Add investment form does.
import type { Api } from '../../api';
import type { Portfolio } from '../../domain/types';
import { changed } from '../data/changes';
import type { DataRef } from '../data/data.machine';
import type { SessionRef } from '../app/flow';
import { CREATE_PORTFOLIO_RULES, type CreatePortfolioValues } from './portfolio.rules';
import type { NoticesRef } from '../app/notices.machine';
import type { Platform } from '../app/platform';
import { saveFlow } from '../forms/save-flow';
import type { KeyMaker } from '../forms/submission';

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
  values: (): CreatePortfolioValues => ({ name: '', kind: 'free' }),
  rules: CREATE_PORTFOLIO_RULES,
  keyed: true,
  submit: ({ context, body, idempotencyKey }) =>
    context.input.api.createPortfolio(body, { validateOnly: false, idempotencyKey }),
  saved: (_, portfolio: Portfolio | null) => ({
    // A 2xx without the portfolio: reload the list rather than guess.
    announce: portfolio ? { type: 'portfolio.created', portfolio } : changed('portfolio.created'),
    notice: 'Portfolio created',
  }),
});
