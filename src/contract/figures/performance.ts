// A request's returns (docs/returns.md): the investments' books and summed values over the
// selected period's span or a calendar year's, as the wire has them.
import { cashBook, cashValuesAt, type CashSource, type DkkRate } from '../../domain/cash';
import { localDay } from '../../domain/dates';
import { holdingsBook, joinBooks, performance, yearStart, type Book } from '../../domain/returns';
import type { Performance } from '../../domain/types';
import { MidnightValues, type Timeline } from '../../domain/valuation';

const cents = (amount: number) => Math.round(amount * 100) / 100 || 0;

/** The earliest first entry of the timelines, if any has one. */
export function firstTimeOf(timelines: readonly Timeline[]): number | undefined {
  const firsts = timelines.flatMap((t) => (t.firstTime === undefined ? [] : [t.firstTime]));
  return firsts.length > 0 ? Math.min(...firsts) : undefined;
}

/** A calendar year's span: from 1 January to the next, or to `now` for the current year. */
export function yearSpan(year: number, now: number): { from: number; to: number } {
  return { from: yearStart(year), to: Math.min(now, yearStart(year + 1)) };
}

/** A portfolio's cash (issue 38): its cash sources and the rates to value them in DKK. */
export interface CashOfPortfolio {
  portfolioId: number;
  sources: readonly CashSource[];
  rate: DkkRate;
}

/** The cash of these portfolios in DKK at each of the ascending times (cashValuesAt), summed. */
export function cashValues(
  cash: readonly CashOfPortfolio[],
): (times: readonly number[]) => Float64Array {
  const each = cash.map((c) => cashValuesAt(c.sources, c.rate));
  return (times) => {
    const sums = new Float64Array(times.length);
    for (const values of each.map((at) => at(times)))
      for (let i = 0; i < values.length; i++) sums[i] += values[i];
    return sums;
  };
}

/** Timelines whose returns are counted together: a cash portfolio's holdings with its `cash`. */
export interface ReturnsGroup {
  timelines: readonly Timeline[];
  cash?: CashOfPortfolio;
}

/** A timeline's book, kept with it: the same until its entries change, which makes a new one. */
const books = new WeakMap<Timeline, Book>();

function bookOf(timeline: Timeline): Book {
  const kept = books.get(timeline);
  if (kept) return kept;
  const book = holdingsBook(timeline.entries);
  books.set(timeline, book);
  return book;
}

/**
 * Adds values at each of the ascending `times` of a return's steps (its span's ends and the
 * midnights between them) to `sums`: the ends from `valuesAt`, the midnights from
 * `midnightValues`, which keeps them.
 */
export function addStepValues(
  sums: Float64Array,
  times: readonly number[],
  valuesAt: (times: readonly number[]) => ArrayLike<number>,
  midnightValues: (midnights: readonly number[]) => ArrayLike<number>,
): void {
  const last = times.length - 1;
  const ends = valuesAt(last > 0 ? [times[0], times[last]] : times);
  sums[0] += ends[0];
  if (last === 0) return;
  const inner = last > 1 ? midnightValues(times.slice(1, -1)) : [];
  for (let i = 0; i < inner.length; i++) sums[i + 1] += inner[i];
  sums[last] += ends[1];
}

/**
 * Holdings-only timelines counted together (a user's, a portfolio's, an investment's), kept while
 * they stay the same: their book, whose flows `performance` keeps as lists, and their values
 * summed at each midnight. A change of an investment's events or prices replaces its timeline,
 * so a group of it is made again.
 */
interface KeptGroup {
  timelines: readonly Timeline[];
  book: Book;
  midnights: MidnightValues;
}

/** Groups kept under their first timeline, the last few for each: the user's, a portfolio's, … */
const keptGroups = new WeakMap<Timeline, KeptGroup[]>();
const GROUPS_KEPT = 4;

function keptGroup(timelines: readonly Timeline[]): KeptGroup {
  const first = timelines[0];
  const list = keptGroups.get(first) ?? [];
  const kept = list.find(
    (group) =>
      group.timelines.length === timelines.length &&
      group.timelines.every((timeline, index) => timeline === timelines[index]),
  );
  if (kept) return kept;
  const made: KeptGroup = {
    timelines: [...timelines],
    book: joinBooks(timelines.map(bookOf)),
    midnights: new MidnightValues((midnights) =>
      summed(timelines, (timeline) => timeline.midnightValues(midnights), midnights.length),
    ),
  };
  keptGroups.set(first, [made, ...list].slice(0, GROUPS_KEPT));
  return made;
}

/** The timelines' `values` summed from 0 in their order: the order every request sums them in. */
function summed(
  timelines: readonly Timeline[],
  values: (timeline: Timeline) => ArrayLike<number>,
  count: number,
): Float64Array {
  const sums = new Float64Array(count);
  for (const timeline of timelines) {
    const each = values(timeline);
    for (let i = 0; i < count; i++) sums[i] += each[i];
  }
  return sums;
}

/**
 * Returns of the groups together from `from` to `to`. Holdings only: the flows are the buys,
 * sells and dividends (holdingsBook). A group with `cash`, a portfolio's that keeps it: its flows
 * are its deposits and withdrawals, and its value includes the cash (cashBook).
 */
export function performanceOf(
  groups: readonly ReturnsGroup[],
  from: number,
  to: number,
): Performance {
  const timelines = groups.flatMap((group) => group.timelines);
  // Without cash the values are the timelines' sums in the same order as with it (after the
  // cash's 0), so a kept group's figures are the same to the bit. With cash, none is kept: its
  // sources are read at every request.
  const result =
    timelines.length > 0 && !groups.some((group) => group.cash)
      ? keptPerformance(keptGroup(timelines), from, to)
      : performance({ from, to, ...madeAgain(groups, timelines) });
  return {
    total_return: cents(result.totalReturn),
    dividends: cents(result.dividends),
    withholding_tax: cents(result.withholdingTax),
    fees: cents(result.fees),
    twr: result.twr,
    irr: result.irr,
    annualised: result.annualised,
    from: localDay(new Date(from)),
    // The span's last day: a year's ends at the next one's first midnight.
    to: localDay(new Date(to - 1)),
    monthly: result.monthly,
  };
}

function keptPerformance({ timelines, book, midnights }: KeptGroup, from: number, to: number) {
  return performance({
    from,
    to,
    book,
    valuesAt: (times) => {
      const sums = new Float64Array(times.length);
      addStepValues(
        sums,
        times,
        (ends) => summed(timelines, (timeline) => timeline.valuesAt(ends), ends.length),
        (inner) => midnights.at(inner),
      );
      return sums;
    },
  });
}

/** The book and values of groups that keep cash (or of none): made at every request. */
function madeAgain(
  groups: readonly ReturnsGroup[],
  timelines: readonly Timeline[],
): { book: Book; valuesAt: (times: readonly number[]) => Float64Array } {
  const book = joinBooks(
    groups.map(({ timelines, cash }) => {
      const holdings = joinBooks(timelines.map(bookOf));
      return cash ? cashBook(holdings, cash.sources, cash.rate) : holdings;
    }),
  );
  const cashAt = cashValues(groups.flatMap(({ cash }) => cash ?? []));
  return {
    book,
    valuesAt: (times) => {
      const sums = cashAt(times);
      for (const timeline of timelines)
        addStepValues(
          sums,
          times,
          (ends) => timeline.valuesAt(ends),
          (midnights) => timeline.midnightValues(midnights),
        );
      return sums;
    },
  };
}
