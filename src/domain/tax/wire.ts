// The tax year's answers (issue 39), valibot schemas as the rest of the wire's in ../schemas.ts,
// which exports them too. Its imports carry their extensions, as ../schemas.ts's.
import * as v from 'valibot';
import { day, decimal, flag, id, list, object, oneOf, text } from '../wire/wire-fields.ts';
import { INCOME_KINDS, PORTFOLIO_KINDS, TAX_CLASS_BASES, TAXATIONS } from './kinds.ts';

/** How an investment is taxed in the current year, and why (`reason`: the user's, with basis `user`). */
export const taxClass = object({
  year: decimal,
  taxation: oneOf(TAXATIONS),
  income: oneOf(INCOME_KINDS),
  basis: oneOf(TAX_CLASS_BASES),
  reason: v.nullish(text, null),
});

export const taxSettings = object({ married: flag });

/** A year end's price of a holding taxed on its yearly gain, and where it came from. */
const yearEnd = object({
  /** The day of the price used (the last close on or before 31 December). */
  date: v.nullable(day),
  shares: decimal,
  price_dkk: decimal,
  value: decimal,
  /** `manual` (typed by the user, which wins on its day), a provider's name, or `trade`. */
  source: v.nullable(text),
});

/** What each line's figure is and how it was taxed. */
const REPORT_LINE_TYPES = ['realised', 'dividend', 'yearly'] as const;
const REPORT_INCOMES = ['share', 'capital', 'aktiesparekonto', 'pension'] as const;

/** One figure of the report with the transactions behind it; amounts in DKK. */
export const reportLine = object({
  type: oneOf(REPORT_LINE_TYPES),
  investment_id: id,
  name: text,
  isin: text,
  income: oneOf(REPORT_INCOMES),
  basis: oneOf(TAX_CLASS_BASES),
  /** The Danish return's box (rubrik) it belongs to, when there is one. */
  box: v.nullable(text),
  amount: decimal,
  /** The sale's or dividend's day and event; null for a yearly gain. */
  date: v.nullable(day),
  event_id: v.nullable(id),
  /** A sale by the average method. */
  shares: v.optional(decimal),
  proceeds: v.optional(decimal),
  cost: v.optional(decimal),
  average_cost: v.optional(decimal),
  /** A dividend: gross, withheld, the issuer's country (the ISIN's), Denmark's credit. */
  gross: v.optional(decimal),
  withheld: v.optional(decimal),
  country: v.optional(text),
  credit: v.optional(decimal),
  /** A yearly gain: its case, the two year ends, the year's buys and sales. */
  case: v.optional(text),
  start: v.optional(yearEnd),
  end: v.optional(yearEnd),
  bought: v.optional(decimal),
  sold: v.optional(decimal),
});

export const reportTotals = object({
  realised: decimal,
  dividends: decimal,
  withholding_tax: decimal,
  fees: decimal,
  lager_share_income: decimal,
  lager_capital_income: decimal,
  aktiesparekonto_gain: decimal,
  aktiesparekonto_tax: decimal,
  share_income: decimal,
  share_income_tax: decimal,
  capital_income: decimal,
});

/** The aktiesparekonto's year: its gain and tax, the loss carried, and the room left. */
export const aktiesparekontoYear = object({
  ceiling: decimal,
  value_last_year_end: decimal,
  /** The year's buys less its sales: what was put in, counted net. */
  net_deposits: decimal,
  room: decimal,
  gain: decimal,
  loss_carried_in: decimal,
  taxable: decimal,
  tax: decimal,
  loss_carried_out: decimal,
});

export const reportPortfolio = object({
  id,
  name: text,
  kind: oneOf(PORTFOLIO_KINDS),
  realised: decimal,
  dividends: decimal,
  withholding_tax: decimal,
  fees: decimal,
  /** Yearly gains, taxed though not realised. */
  unrealised_taxed: decimal,
  lines: list(reportLine),
  aktiesparekonto: v.nullish(aktiesparekontoYear, null),
});

const ruleSource = object({
  figure: text,
  site: text,
  title: text,
  date: v.nullish(day, null),
});

export const reportRules = object({
  share_income_limit: decimal,
  married: flag,
  low_rate: decimal,
  high_rate: decimal,
  aktiesparekonto_rate: decimal,
  aktiesparekonto_ceiling: decimal,
  danish_withholding: decimal,
  foreign_credit_max: decimal,
  sources: list(ruleSource),
  /** False until the table's figures were checked on skat.dk. */
  checked_on_skat: flag,
  /** SKAT's ABIS list used: its title, the day it was loaded (null: never) and its size. */
  abis: object({ title: text, loaded: v.nullable(day), isins: decimal }),
  /** True while the year is not over: the figures are as of `until`. */
  estimate: flag,
  until: day,
});

export const dividendCountry = object({
  country: text,
  gross: decimal,
  withheld: decimal,
  credit: decimal,
  /** Withheld above the credit: to reclaim from the country. */
  reclaimable: decimal,
});

/** The figures by the return's box. */
export const reportBox = object({ box: text, amount: decimal });

export const yearReport = object({
  year: decimal,
  rules: reportRules,
  totals: reportTotals,
  portfolios: list(reportPortfolio),
  dividends_by_country: list(dividendCountry),
  boxes: list(reportBox),
  /** Investments the report leaves out (crypto: personal income), by id. */
  not_covered: list(object({ investment_id: id, name: text, reason: text })),
});
