// A holding's yearly gain (lager) and the aktiesparekonto's year (issue 39), from the year-end
// prices the valuation uses (a typed price for 31 December wins).
import Big from 'big.js';
import {
  aktiesparekontoRoom,
  aktiesparekontoTax,
  yearlyCase,
  yearlyGain,
  type TaxYearRules,
} from '../../domain/tax';
import { toEntry } from '../figures';
import type { EventRow, InvestmentRow } from '../store';
import { dkk, inYear, sharesAt, sum, yearStart, ZERO } from './ledger';
import type { ReportInputs, WireReport, YearEnd } from './types';

export interface YearlyFigures {
  case: string;
  gain: Big;
  start: YearEnd;
  end: YearEnd;
  startValue: Big;
  bought: Big;
  sold: Big;
  dividends: Big;
}

/** A holding's yearly gain in `year`, up to `until`; undefined when it was not held in it. */
export function yearlyFigures(
  investment: InvestmentRow,
  events: readonly EventRow[],
  year: number,
  until: number,
  inputs: ReportInputs,
): YearlyFigures | undefined {
  const yearEndOf = (time: number): YearEnd & { big: Big } => {
    const shares = sharesAt(events, time);
    const quote = shares > 0 ? inputs.quote(investment, time) : undefined;
    const big = quote ? new Big(quote.price_dkk).times(shares) : ZERO;
    return {
      date: quote?.date ?? null,
      shares,
      price_dkk: quote?.price_dkk ?? 0,
      value: dkk(big),
      source: quote?.source ?? null,
      big,
    };
  };
  let bought = ZERO;
  let sold = ZERO;
  let dividends = ZERO;
  for (const event of events) {
    if (!inYear(event.time, year) || event.time > until) continue;
    const entry = toEntry(event, inputs.rate);
    switch (entry.kind) {
      case 'buy':
        bought = bought.plus(new Big(entry.shares).times(entry.price)).plus(entry.fee);
        break;
      case 'sell':
        sold = sold.plus(new Big(entry.shares).times(entry.price)).minus(entry.fee);
        break;
      case 'split':
        if (entry.soldShares > 0)
          sold = sold.plus(new Big(entry.soldShares).times(entry.soldPrice)).minus(entry.fee);
        else bought = bought.plus(entry.fee);
        break;
      case 'dividend':
        dividends = dividends.plus(entry.amount);
        break;
    }
  }
  const { big: startValue, ...start } = yearEndOf(yearStart(year) - 1);
  const { big: endValue, ...end } = yearEndOf(until);
  if (start.shares <= 0 && end.shares <= 0 && bought.eq(0) && sold.eq(0)) return undefined;
  const input = {
    startShares: start.shares,
    startValue,
    endShares: end.shares,
    endValue,
    bought,
    sold,
  };
  return {
    case: yearlyCase(input),
    gain: yearlyGain(input),
    start,
    end,
    startValue,
    bought,
    sold,
    dividends,
  };
}

/** The aktiesparekonto's year: its gain (holdings' yearly gains and dividends), tax and room. */
export function aktiesparekontoYear(
  held: readonly InvestmentRow[],
  eventsOf: ReadonlyMap<number, EventRow[]>,
  year: number,
  rules: TaxYearRules,
  yearlyOf: (investment: InvestmentRow, year: number) => YearlyFigures | undefined,
): NonNullable<WireReport['portfolios'][number]['aktiesparekonto']> {
  const times = held.flatMap((i) => (eventsOf.get(i.id) ?? []).map((e) => e.time));
  const first = times.length > 0 ? new Date(Math.min(...times)).getUTCFullYear() : year;
  const gains: Big[] = [];
  let figures: YearlyFigures[] = [];
  for (let y = Math.min(first, year); y <= year; y++) {
    figures = held.flatMap((i) => yearlyOf(i, y) ?? []);
    gains.push(sum(figures.map((f) => f.gain.plus(f.dividends))));
  }
  const tax = aktiesparekontoTax(gains, rules.aktiesparekonto.rate);
  const valueLastYearEnd = sum(figures.map((f) => f.startValue));
  const netDeposits = sum(figures.map((f) => f.bought.minus(f.sold)));
  return {
    ceiling: rules.aktiesparekonto.ceiling,
    value_last_year_end: dkk(valueLastYearEnd),
    net_deposits: dkk(netDeposits),
    room: dkk(aktiesparekontoRoom(rules.aktiesparekonto.ceiling, valueLastYearEnd, netDeposits)),
    gain: dkk(gains[gains.length - 1] ?? ZERO),
    loss_carried_in: dkk(tax.carriedIn),
    taxable: dkk(tax.taxable),
    tax: dkk(tax.tax),
    loss_carried_out: dkk(tax.carriedOut),
  };
}
