// The year report (issue 39): what a Danish investor reports for a year, from all their
// portfolios, by the rules of src/domain/tax. Realised gains by the average method across every
// free portfolio; yearly gains (lager) of funds and of everything in an aktiesparekonto or a
// pension portfolio from the year-end prices the valuation uses (a typed price for 31 December
// wins); dividends with their withholding; the aktiesparekonto's room and tax; the share income
// tax. Amounts are DKK, exact in big.js, rounded to cents at the end.
import Big from 'big.js';
import { hasIsinFormat } from '../../domain/isin';
import {
  averageMethod,
  rulesFor,
  shareIncomeLimit,
  shareIncomeTax,
  taxClassOf,
  ABIS_LISTS,
  type PortfolioKind,
  type ResolvedTaxClass,
  type TaxYearRules,
} from '../../domain/tax';
import { toEntry } from '../figures';
import type { InvestmentRow } from '../store';
import { utcDay } from '../../market/zoned-time';
import { dkk, groupEvents, inYear, sum, tradesOf, withheldOf, yearEnd, ZERO } from './ledger';
import type { Line, ReportInputs, WireReport } from './types';
import { aktiesparekontoYear, yearlyFigures } from './yearly';

export type { ReportInputs, WireReport } from './types';

/** The boxes (rubrikker) of the Danish return, as the research note names them (skat.dk). */
export const BOXES = { dividends: '61-63', listedShares: '66', capitalFunds: '38' } as const;

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
      date: utcDay(sale.time),
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
        date: utcDay(event.time),
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
      until: utcDay(until),
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
