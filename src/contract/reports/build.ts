// The year report (issue 39): what a Danish investor reports for a year, from all their
// portfolios, by the rules of src/domain/tax. Realised gains by the average method across every
// free portfolio; yearly gains (lager) of funds and of everything in an aktiesparekonto or a
// pension portfolio from the year-end prices the valuation uses (a typed price for 31 December
// wins); dividends with their withholding; the aktiesparekonto's room and tax; the share income
// tax. Amounts are DKK, exact in big.js, rounded to cents at the end.
import Big from 'big.js';
import type * as v from 'valibot';
import type { yearReport } from '../../domain/schemas';
import { hasIsinFormat } from '../../domain/isin';
import {
  aktiesparekontoRoom,
  aktiesparekontoTax,
  averageMethod,
  rulesFor,
  shareIncomeLimit,
  shareIncomeTax,
  taxClassOf,
  yearlyCase,
  yearlyGain,
  ABIS_LISTS,
  type AbisList,
  type PortfolioKind,
  type ResolvedTaxClass,
  type TaxTrade,
  type TaxYearRules,
} from '../../domain/tax';
import { toEntry } from '../figures';
import type { InstrumentFacts, RateSource, WireQuote } from '../pricing';
import type { EventRow, InvestmentRow, PortfolioRow, TaxClassRow } from '../store';

export type WireReport = v.InferInput<typeof yearReport>;
type Line = WireReport['portfolios'][number]['lines'][number];
interface YearEnd {
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

/** The boxes (rubrikker) of the Danish return, as the research note names them (skat.dk). */
export const BOXES = { dividends: '61-63', listedShares: '66', capitalFunds: '38' } as const;

const ZERO = new Big(0);
const dkk = (amount: Big) => Number(amount.toFixed(2));
const sum = (amounts: readonly Big[]) => amounts.reduce((a, b) => a.plus(b), ZERO);
const yearStart = (year: number) => Date.UTC(year, 0, 1);
/** The last instant of a year: its 31 December's close is the price then. */
const yearEnd = (year: number) => yearStart(year + 1) - 1;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const inYear = (time: number, year: number) =>
  time >= yearStart(year) && time < yearStart(year + 1);

/** Whether a year is one the report can answer: one with rules, and not after this one. */
export function reportableYear(year: number, now: number): TaxYearRules | undefined {
  return year <= new Date(now).getUTCFullYear() ? rulesFor(year) : undefined;
}

export function buildReport(inputs: ReportInputs, rules: TaxYearRules): WireReport {
  const { year, now } = inputs;
  const until = Math.min(now, yearEnd(year));
  const lists = inputs.lists ?? ABIS_LISTS;
  const kindOf = new Map(inputs.portfolios.map((p) => [p.id, p.kind ?? 'free']));
  const overrides = new Map(inputs.overrides.map((o) => [o.investmentId, o]));
  const eventsOf = groupEvents(inputs.events);
  const classOf = (investment: InvestmentRow, y: number): ResolvedTaxClass => {
    const facts = inputs.facts(investment);
    return taxClassOf(
      { assetClass: facts.asset_class, isin: facts.code },
      kindOf.get(investment.portfolioId) ?? 'free',
      y,
      overrides.get(investment.id),
      lists,
    );
  };
  const covered = inputs.investments.filter((i) => classOf(i, year).basis !== 'crypto');
  const linesOf = new Map<number, Line[]>();
  const addLine = (investment: InvestmentRow, line: Line) => {
    const lines = linesOf.get(investment.portfolioId) ?? [];
    lines.push(line);
    linesOf.set(investment.portfolioId, lines);
  };
  const base = (investment: InvestmentRow, taxClass: ResolvedTaxClass) => ({
    investment_id: investment.id,
    name: investment.name,
    isin: investment.code,
    basis: taxClass.basis,
    income: incomeOf(kindOf.get(investment.portfolioId) ?? 'free', taxClass),
  });

  // Realised gains: one pool per ISIN across the free portfolios' holdings taxed on realisation.
  const realising = covered.filter(
    (i) => kindOf.get(i.portfolioId) === 'free' && classOf(i, year).taxation === 'realisation',
  );
  const byId = new Map(inputs.investments.map((i) => [i.id, i]));
  const trades = realising.flatMap((i) => tradesOf(eventsOf.get(i.id) ?? [], inputs.rate));
  const { sales } = averageMethod(trades, (id) => byId.get(id)?.code ?? String(id));
  for (const sale of sales) {
    const investment = byId.get(sale.investmentId);
    if (!investment || !inYear(sale.time, year)) continue;
    const taxClass = classOf(investment, year);
    addLine(investment, {
      type: 'realised',
      ...base(investment, taxClass),
      box: taxClass.income === 'share' ? BOXES.listedShares : null,
      amount: dkk(sale.gain),
      date: dayOf(sale.time),
      event_id: sale.eventId,
      shares: Number(sale.shares.toString()),
      proceeds: dkk(sale.proceeds),
      cost: dkk(sale.cost),
      average_cost: Number(sale.average.toFixed(6)),
    });
  }

  // Yearly gains: funds in free portfolios, everything in an aktiesparekonto or a pension.
  const yearlyOf = (investment: InvestmentRow, y: number) =>
    yearlyFigures(
      investment,
      eventsOf.get(investment.id) ?? [],
      y,
      Math.min(now, yearEnd(y)),
      inputs,
    );
  for (const investment of covered) {
    const taxClass = classOf(investment, year);
    if (taxClass.taxation !== 'yearly') continue;
    const figures = yearlyOf(investment, year);
    if (!figures) continue;
    addLine(investment, {
      type: 'yearly',
      ...base(investment, taxClass),
      box:
        kindOf.get(investment.portfolioId) === 'free' && taxClass.income === 'capital'
          ? BOXES.capitalFunds
          : null,
      amount: dkk(figures.gain),
      date: null,
      event_id: null,
      case: figures.case,
      start: figures.start,
      end: figures.end,
      bought: dkk(figures.bought),
      sold: dkk(figures.sold),
    });
  }

  // Dividends, with the tax withheld and Denmark's credit for it.
  const countries = new Map<string, { gross: Big; withheld: Big; credit: Big; reclaimable: Big }>();
  for (const investment of covered) {
    const taxClass = classOf(investment, year);
    const free = kindOf.get(investment.portfolioId) === 'free';
    for (const event of eventsOf.get(investment.id) ?? []) {
      if (event.kind !== 'dividend' || !inYear(event.time, year)) continue;
      const rate = event.exchangeRate ?? inputs.rate(event.currency, event.time);
      const gross = new Big(event.amount).times(rate);
      const withheld = new Big(withheldOf(event)).times(rate);
      const country = hasIsinFormat(investment.code) ? investment.code.slice(0, 2) : '';
      const creditCap = gross.times(rules.dividends.foreignCreditMax);
      const credit = country === 'DK' || withheld.lt(creditCap) ? withheld : creditCap;
      if (free) {
        const kept = countries.get(country) ?? {
          gross: ZERO,
          withheld: ZERO,
          credit: ZERO,
          reclaimable: ZERO,
        };
        countries.set(country, {
          gross: kept.gross.plus(gross),
          withheld: kept.withheld.plus(withheld),
          credit: kept.credit.plus(credit),
          reclaimable: kept.reclaimable.plus(withheld.minus(credit)),
        });
      }
      addLine(investment, {
        type: 'dividend',
        ...base(investment, taxClass),
        box: free && taxClass.income === 'share' ? BOXES.dividends : null,
        amount: dkk(gross),
        date: dayOf(event.time),
        event_id: event.id,
        gross: dkk(gross),
        withheld: dkk(withheld),
        country,
        credit: dkk(credit),
      });
    }
  }

  // Per portfolio, then the totals.
  const amountOf = (line: Line) => new Big(line.amount);
  const portfolios = inputs.portfolios.map((portfolio) => {
    const kind = portfolio.kind ?? 'free';
    const lines = (linesOf.get(portfolio.id) ?? []).sort(
      (a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.name.localeCompare(b.name),
    );
    const of = (type: Line['type']) => sum(lines.filter((l) => l.type === type).map(amountOf));
    const held = covered.filter((i) => i.portfolioId === portfolio.id);
    const fees = sum(
      held.flatMap((i) =>
        (eventsOf.get(i.id) ?? [])
          .filter((e) => e.kind !== 'dividend' && inYear(e.time, year))
          .map((e) => {
            const entry = toEntry(e, inputs.rate);
            return new Big(entry.kind === 'dividend' ? 0 : entry.fee);
          }),
      ),
    );
    const withheld = sum(
      lines.filter((l) => l.type === 'dividend').map((l) => new Big(l.withheld ?? 0)),
    );
    return {
      row: portfolio,
      wire: {
        id: portfolio.id,
        name: portfolio.name,
        kind,
        realised: dkk(of('realised')),
        dividends: dkk(of('dividend')),
        withholding_tax: dkk(withheld),
        fees: dkk(fees),
        unrealised_taxed: dkk(of('yearly')),
        lines,
        aktiesparekonto:
          kind === 'aktiesparekonto'
            ? aktiesparekontoYear(held, eventsOf, year, rules, yearlyOf)
            : null,
      },
    };
  });

  const freeLines = portfolios.filter((p) => p.wire.kind === 'free').flatMap((p) => p.wire.lines);
  const total = (test: (line: Line) => boolean) => sum(freeLines.filter(test).map(amountOf));
  const realised = total((l) => l.type === 'realised');
  const dividends = total((l) => l.type === 'dividend');
  const lagerShare = total((l) => l.type === 'yearly' && l.income === 'share');
  const lagerCapital = total((l) => l.type === 'yearly' && l.income === 'capital');
  const shareIncome = total((l) => l.income === 'share');
  const capitalIncome = total((l) => l.income === 'capital');
  const asks = portfolios.flatMap((p) => (p.wire.aktiesparekonto ? [p.wire.aktiesparekonto] : []));
  const boxes = Object.values(BOXES).flatMap((box) => {
    const inBox = freeLines.filter((l) => l.box === box);
    return inBox.length > 0 ? [{ box, amount: dkk(sum(inBox.map(amountOf))) }] : [];
  });
  const abis = lists[year];

  return {
    year,
    rules: {
      share_income_limit: shareIncomeLimit(rules, inputs.married),
      married: inputs.married,
      low_rate: Number(rules.shareIncome.lowRate),
      high_rate: Number(rules.shareIncome.highRate),
      aktiesparekonto_rate: Number(rules.aktiesparekonto.rate),
      aktiesparekonto_ceiling: rules.aktiesparekonto.ceiling,
      danish_withholding: Number(rules.dividends.danishWithholding),
      foreign_credit_max: Number(rules.dividends.foreignCreditMax),
      sources: [
        ...rules.shareIncome.sources.map((s) => ({ figure: 'share_income', ...s })),
        ...rules.aktiesparekonto.sources.map((s) => ({ figure: 'aktiesparekonto', ...s })),
        ...rules.dividends.sources.map((s) => ({ figure: 'dividends', ...s })),
      ].map(({ figure, site, title, date }) => ({ figure, site, title, date: date ?? null })),
      checked_on_skat: rules.checkedOnSkat,
      abis: {
        title: abis?.source.title ?? '',
        loaded: abis?.loaded ?? null,
        isins: abis?.isins.length ?? 0,
      },
      estimate: until < yearEnd(year),
      until: dayOf(until),
    },
    totals: {
      realised: dkk(realised),
      dividends: dkk(dividends),
      withholding_tax: dkk(
        sum(
          portfolios
            .filter((p) => p.wire.kind === 'free')
            .map((p) => new Big(p.wire.withholding_tax)),
        ),
      ),
      fees: dkk(sum(portfolios.map((p) => new Big(p.wire.fees)))),
      lager_share_income: dkk(lagerShare),
      lager_capital_income: dkk(lagerCapital),
      aktiesparekonto_gain: dkk(sum(asks.map((a) => new Big(a.gain)))),
      aktiesparekonto_tax: dkk(sum(asks.map((a) => new Big(a.tax)))),
      share_income: dkk(shareIncome),
      share_income_tax: dkk(shareIncomeTax(shareIncome, rules, inputs.married)),
      capital_income: dkk(capitalIncome),
    },
    portfolios: portfolios.map((p) => p.wire),
    dividends_by_country: [...countries]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([country, c]) => ({
        country,
        gross: dkk(c.gross),
        withheld: dkk(c.withheld),
        credit: dkk(c.credit),
        reclaimable: dkk(c.reclaimable),
      })),
    boxes,
    not_covered: inputs.investments
      .filter((i) => classOf(i, year).basis === 'crypto')
      .map((i) => ({ investment_id: i.id, name: i.name, reason: 'crypto' })),
  };
}

function incomeOf(kind: PortfolioKind, taxClass: ResolvedTaxClass): Line['income'] {
  return kind === 'free' ? taxClass.income : kind;
}

/** The tax withheld on a dividend, in its currency: the `income` work's field, 0 without it. */
function withheldOf(event: EventRow): number {
  return 'withholdingTax' in event && typeof event.withholdingTax === 'number'
    ? event.withholdingTax
    : 0;
}

function groupEvents(events: readonly EventRow[]): Map<number, EventRow[]> {
  const groups = new Map<number, EventRow[]>();
  for (const event of events) {
    const list = groups.get(event.investmentId);
    if (list) list.push(event);
    else groups.set(event.investmentId, [event]);
  }
  // In time order; equal times in the order entered.
  for (const list of groups.values()) list.sort((a, b) => a.time - b.time || a.id - b.id);
  return groups;
}

function tradesOf(events: readonly EventRow[], rate: RateSource): TaxTrade[] {
  return events.flatMap((event): TaxTrade[] => {
    const entry = toEntry(event, rate);
    const ids = { eventId: event.id, investmentId: event.investmentId, time: event.time };
    switch (entry.kind) {
      case 'buy':
      case 'sell':
        return [
          { ...ids, kind: entry.kind, shares: entry.shares, price: entry.price, fee: entry.fee },
        ];
      case 'split':
        return [
          {
            ...ids,
            kind: 'split',
            sharesAfter: entry.sharesAfter,
            soldShares: entry.soldShares,
            soldPrice: entry.soldPrice,
            fee: entry.fee,
          },
        ];
      case 'dividend':
        return [];
    }
  });
}

/** Shares held just after `time`. */
function sharesAt(events: readonly EventRow[], time: number): number {
  let shares = new Big(0);
  for (const event of events) {
    if (event.time > time) break;
    if (event.kind === 'buy') shares = shares.plus(event.shares);
    else if (event.kind === 'sell') shares = shares.minus(event.shares);
    else if (event.kind === 'split') shares = new Big(event.sharesAfter);
  }
  return Number(shares.toString());
}

interface YearlyFigures {
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
function yearlyFigures(
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
function aktiesparekontoYear(
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
