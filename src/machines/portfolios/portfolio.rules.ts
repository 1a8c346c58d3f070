// The Add portfolio form's rules: a name, as the server takes it (also the rename's), and a kind.
import { PORTFOLIO_KINDS, type PortfolioKind } from '../../domain/tax/kinds';
import { sameKeys } from '../forms/form-errors';
import { check, nameRule } from '../forms/form-rules';

export type PortfolioField = 'name';
export type PortfolioValues = Record<PortfolioField, string>;

export const PORTFOLIO_RULES = {
  keys: sameKeys<PortfolioField>(['name']),
  check: ({ values }: { values: PortfolioValues }) =>
    check<PortfolioField>({ name: () => nameRule(values.name) }),
  body: ({ values }: { values: PortfolioValues }) => ({ name: values.name.trim() }),
};

export type CreatePortfolioField = PortfolioField | 'kind';
export type CreatePortfolioValues = Record<CreatePortfolioField, string>;

/** A select's value as a kind; anything else is `free`, the default. */
export const portfolioKind = (value: string): PortfolioKind =>
  PORTFOLIO_KINDS.find((kind) => kind === value) ?? 'free';

/** Add portfolio: the name's rules, and the kind sent as chosen (`free` by default). */
export const CREATE_PORTFOLIO_RULES = {
  keys: sameKeys<CreatePortfolioField>(['name', 'kind']),
  check: ({ values }: { values: CreatePortfolioValues }) =>
    check<CreatePortfolioField>({ name: () => nameRule(values.name) }),
  body: ({ values }: { values: CreatePortfolioValues }) => ({
    ...PORTFOLIO_RULES.body({ values }),
    kind: portfolioKind(values.kind),
  }),
};
