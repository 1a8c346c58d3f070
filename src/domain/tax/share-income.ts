// Tax on share income (aktieindkomst): the low rate up to the year's limit, the high rate above;
// the limit doubled for a married couple. A negative share income owes nothing here (the loss is
// offset or carried forward on the return).
import Big from 'big.js';
import type { TaxYearRules } from './rules';

export function shareIncomeLimit(rules: TaxYearRules, married: boolean): number {
  return married ? rules.shareIncome.limitMarried : rules.shareIncome.limit;
}

export function shareIncomeTax(income: Big, rules: TaxYearRules, married: boolean): Big {
  if (income.lte(0)) return new Big(0);
  const limit = new Big(shareIncomeLimit(rules, married));
  const low = income.lt(limit) ? income : limit;
  return low
    .times(rules.shareIncome.lowRate)
    .plus(income.minus(low).times(rules.shareIncome.highRate));
}
