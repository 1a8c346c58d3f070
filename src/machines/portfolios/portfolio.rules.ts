// The Add portfolio form's rules: one name, as the server takes it.
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
