// The rename of one table row (rename.machine.ts starts one per long press): a save flow
// (save-flow.ts) of one name, sent with PATCH; the data actor is told the list changed.
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import { PORTFOLIO_RULES, type PortfolioValues } from '../portfolios';
import { saveFlow, type EmbeddedInput } from '../forms/save-flow';

export type RenameKind = 'portfolio' | 'investment';

export type RenameFormInput = EmbeddedInput & {
  kind: RenameKind;
  /** The row, and its name as the long press found it. */
  id: Id;
  name: string;
};

export const renameFormMachine = saveFlow({
  id: 'renameForm',
  types: { input: {} as RenameFormInput },
  values: (input): PortfolioValues => ({ name: input.name }),
  // One name, as the Add portfolio form checks and sends it.
  rules: PORTFOLIO_RULES,
  keyed: false,
  // What the server answers is not read: the data actor reloads the list.
  submit: ({ context: { input }, body }): Promise<unknown> =>
    input.kind === 'portfolio'
      ? input.api.renamePortfolio(input.id, body.name)
      : input.api.renameInvestment(input.id, body.name),
  saved: ({ input }) => ({
    announce: changed(input.kind === 'portfolio' ? 'portfolio.renamed' : 'investment.renamed'),
    notice: input.kind === 'portfolio' ? 'Portfolio renamed' : 'Investment renamed',
  }),
});
