// The year report's inputs and its wire shape (issue 39), shared by its parts.
import type * as v from 'valibot';
import type { yearReport } from '../../domain/wire/schemas';
import type { AbisList } from '../../domain/tax';
import type { InstrumentFacts, RateSource, WireQuote } from '../market/pricing';
import type { EventRow, InvestmentRow, PortfolioRow, TaxClassRow } from '../store';

export type WireReport = v.InferInput<typeof yearReport>;
export type Line = WireReport['portfolios'][number]['lines'][number];
export interface YearEnd {
  date: string | null;
  shares: number;
  price_dkk: number;
  value: number;
  source: string | null;
}

export interface ReportInputs {
  year: number;
  now: number;
  married: boolean;
  portfolios: readonly PortfolioRow[];
  investments: readonly InvestmentRow[];
  overrides: readonly TaxClassRow[];
  /** Every event of the investments. */
  events: readonly EventRow[];
  rate: RateSource;
  /** The price an investment is valued at, at a time, and where it comes from. */
  quote: (investment: InvestmentRow, time: number) => WireQuote | undefined;
  facts: (investment: InvestmentRow) => InstrumentFacts;
  lists?: Readonly<Record<number, AbisList>>;
}
