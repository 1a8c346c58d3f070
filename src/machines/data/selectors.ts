// The data actor's view model (STYLE points 4 and 9, as xstate-tree's selectors): plain functions
// of its snapshot, so headless tests reach the rules screens show.
import type { SnapshotFrom } from 'xstate';
import { dayOf, isDay } from '../../domain/dates';
import {
  TRANSACTION_TYPES,
  type HeldInstrument,
  type Id,
  type Investment,
  type Period,
  type Portfolio,
  type Transaction,
  type TransactionType,
} from '../../domain/types';
import { STALE_AFTER, type Resource } from './changes';
import { failedKeys } from './data-entries';
import { isHeld, type Held } from './data-held';
import type { dataMachine, Entry } from './data.machine';
import { staleKindOf } from './resource-keys';

export type DataSnapshot = SnapshotFrom<typeof dataMachine>;

/** How a card shows one resource: a skeleton, its own failure (nothing held), or what is held. */
export type LoadStatus = 'loading' | 'failed' | 'ready';

export interface LoadView {
  status: LoadStatus;
  /** Held, but the last refresh failed: shown marked as out of date. */
  stale: boolean;
  /** Held while a newer answer is on its way. */
  refreshing: boolean;
}

export function loadView(held: boolean, failed: boolean, loading: boolean): LoadView {
  return {
    status: held ? 'ready' : failed ? 'failed' : 'loading',
    stale: held && failed,
    refreshing: held && loading,
  };
}

/** How a card shows one resource key, from its entry and whether anything is held for it. */
export function entryView(entry: Entry | undefined, held: boolean): LoadView {
  return loadView(held, entry?.error !== undefined, entry?.status === 'loading');
}

export function byValueDescending<T extends { value: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.value - a.value);
}

/** Investments by value, one portfolio's when `portfolioId` is given; sold ones (zero shares) out when `hideSold`. */
export function shownInvestments(
  list: readonly Investment[],
  options: { portfolioId?: Id; hideSold: boolean },
): Investment[] {
  return byValueDescending(list).filter(
    (i) =>
      (options.portfolioId === undefined || i.portfolio_id === options.portfolioId) &&
      !(options.hideSold && i.shares === 0),
  );
}

/**
 * The investments a row cannot tell apart by itself: their name, or their instrument (type and
 * ISIN or code), appears more than once in `list` (one held in two portfolios).
 */
export function repeatedInvestments(list: readonly Investment[]): Set<Id> {
  const keysOf = (i: Investment) => [
    `name:${i.name.trim().toLocaleLowerCase()}`,
    ...(i.instrument ? [`instrument:${i.instrument.type}:${i.instrument.isin.toUpperCase()}`] : []),
  ];
  const counts = new Map<string, number>();
  for (const i of list) for (const key of keysOf(i)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return new Set(
    list.filter((i) => keysOf(i).some((key) => (counts.get(key) ?? 0) > 1)).map((i) => i.id),
  );
}

/** How many investments are held and how many sold out (zero shares); one portfolio's when given. */
export function holdings(
  list: readonly Investment[],
  portfolioId?: Id,
): { held: number; sold: number } {
  const own = list.filter((i) => portfolioId === undefined || i.portfolio_id === portfolioId);
  const sold = own.filter((i) => i.shares === 0).length;
  return { held: own.length - sold, sold };
}

/** Events newest first; one investment's when `investmentId` is given. */
export function newestFirst(list: readonly Transaction[], investmentId?: Id): Transaction[] {
  return list
    .filter((t) => investmentId === undefined || t.investment_id === investmentId)
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

export function retryCountdownMessage(seconds: number): string {
  return `Too many requests. Trying again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** The screen's one message while something it holds has failed, else undefined. */
export function recoveryMessage(snapshot: DataSnapshot): string | undefined {
  if (!snapshot.matches({ recovery: 'failing' })) return undefined;
  if (snapshot.matches({ recovery: { failing: 'throttled' } }))
    return retryCountdownMessage(snapshot.context.countdown);
  return snapshot.context.failure?.message ?? 'Something went wrong.';
}

/**
 * What the screen's one notice says of the figures a failed load left on screen: whether any are
 * held from before (dimmed, out of date), and the period they are of when it is not the one
 * selected (a period change that failed keeps the last period's figures).
 */
export interface OutOfDate {
  held: boolean;
  shown?: Period;
  selected?: Period;
}

export function outOfDate(snapshot: DataSnapshot): OutOfDate {
  const { context } = snapshot;
  if (!snapshot.matches({ recovery: 'failing' })) return { held: false };
  const kept = failedKeys(context.entries, context.needs).filter((key) => isHeld(context, key));
  const byPeriod: readonly string[] = STALE_AFTER['period.changed'];
  const shown = kept
    .filter((key) => byPeriod.includes(staleKindOf(key)))
    .map((key) => context.entries[key]?.period)
    .find((period) => period !== undefined && period !== context.period);
  return shown ? { held: true, shown, selected: context.period } : { held: kept.length > 0 };
}

/** What /history shows, as its query says (?q=&type=&portfolio=&from=&to=); '' is "any". */
export interface HistoryFilter {
  /** Words that must all occur in the investment's name or the event type's label. */
  q: string;
  type: TransactionType | '';
  portfolio: Id;
  /** Local days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const HISTORY_KEYS = [
  'q',
  'type',
  'portfolio',
  'from',
  'to',
] as const satisfies readonly (keyof HistoryFilter)[];

/** The filter a query string holds; unknown types and unreadable days count as no filter. */
export function parseHistoryFilter(search: string): HistoryFilter {
  const params = new URLSearchParams(search);
  const type = params.get('type') ?? '';
  const day = (key: 'from' | 'to') => {
    const value = params.get(key) ?? '';
    return isDay(value) ? value : '';
  };
  return {
    q: params.get('q') ?? '',
    type: TRANSACTION_TYPES.find((t) => t === type) ?? '',
    portfolio: params.get('portfolio') ?? '',
    from: day('from'),
    to: day('to'),
  };
}

/** The query string of a filter, without its empty parts ('' for none). */
export function historySearch(filter: HistoryFilter): string {
  const params = new URLSearchParams();
  for (const key of HISTORY_KEYS) if (filter[key]) params.set(key, filter[key]);
  return params.toString();
}

export function isHistoryFiltered(filter: HistoryFilter): boolean {
  return HISTORY_KEYS.some((key) => filter[key] !== '');
}

export interface HistoryLookup {
  /** The portfolio an investment belongs to; events carry only the investment. */
  portfolioOf: (investmentId: Id) => Id | undefined;
  /** The type's name as the table shows it, so a search finds what the user reads. */
  typeLabel: (type: TransactionType) => string;
}

/** The events the filter lets through, in the order given. */
export function filterTransactions(
  list: readonly Transaction[],
  filter: HistoryFilter,
  lookup: HistoryLookup,
): Transaction[] {
  const words = filter.q.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((t) => {
    if (filter.type && t.type !== filter.type) return false;
    if (filter.portfolio && lookup.portfolioOf(t.investment_id) !== filter.portfolio) return false;
    const day = dayOf(t.date);
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
    const text = `${t.stock_name} ${lookup.typeLabel(t.type)}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** One type's sum of what the history lists, in DKK. */
export interface TypeTotal {
  type: TransactionType;
  count: number;
  total: number;
}

/**
 * The sum per type of the listed events' DKK amounts, in the order buy, sell, dividend, split,
 * each type listed at least once; a split only when cash came with one. Summed in whole øre, as
 * each row shows its amount, so the sum is the sum of the rows.
 */
export function totalsByType(list: readonly Transaction[]): TypeTotal[] {
  const ore = new Map<TransactionType, { count: number; ore: number }>();
  for (const t of list) {
    const sum = ore.get(t.type) ?? { count: 0, ore: 0 };
    // toFixed rounds the double's exact value, as the row's formatting does.
    const shown = Math.round(Number(t.total_value.toFixed(2)) * 100);
    ore.set(t.type, { count: sum.count + 1, ore: sum.ore + shown });
  }
  return TYPE_ORDER.flatMap((type) => {
    const sum = ore.get(type);
    if (!sum || (type === 'split' && sum.ore === 0)) return [];
    return [{ type, count: sum.count, total: sum.ore / 100 }];
  });
}

const TYPE_ORDER: readonly TransactionType[] = ['buy', 'sell', 'div', 'split'];

/**
 * A view model of what data holds, with the resources it is made of. A view that shows it needs
 * them all (`useHeld`), so each is asked for again at every start and after every change: a
 * figure remembered from the last visit, or left stale by a change, never decides what is shown
 * once the server has been asked, nor stays beside a fresh one (issue 34).
 */
export interface HeldView<T> {
  reads: readonly Resource[];
  select: (held: Held) => T;
}

/** What an account still lacks before home has figures to show. */
export type FirstStep = 'portfolio' | 'investment';

/**
 * The first step home offers instead of zeros: a portfolio while there is none, then an
 * investment (sold ones count: the account has figures). Undefined while the lists are loading.
 */
export function firstStep(
  portfolios: readonly Portfolio[] | undefined,
  investments: readonly Investment[] | undefined,
): FirstStep | undefined {
  if (portfolios === undefined) return undefined;
  if (portfolios.length === 0) return 'portfolio';
  return investments?.length === 0 ? 'investment' : undefined;
}

export const FIRST_STEP: HeldView<FirstStep | undefined> = {
  reads: ['portfolios', 'investments'],
  select: (held) => firstStep(held.portfolios, held.investments),
};

/** The facts an investment's header shows; a figure that cannot be known is left out. */
export interface InvestmentFacts {
  /**
   * DKK per share now: its value over its shares (none once sold out). Left out when the backend
   * says the quote, which the price line under the facts shows in its own currency.
   */
  price?: number;
  /** ISIN or crypto symbol, asset class and listing currency, when the backend says them. */
  instrument?: HeldInstrument;
  /** Unrealised gain over the cost of the shares held (value − unrealised). */
  unrealisedRatio?: number;
  /** Its value over its portfolio's value. */
  portfolioShare?: number;
}

export function investmentFacts(
  investment: Investment,
  portfolio: Portfolio | undefined,
): InvestmentFacts {
  const cost = investment.value - investment.positions.unrealised;
  return {
    ...(investment.shares > 0 &&
      !investment.quote && { price: investment.value / investment.shares }),
    ...(investment.instrument && { instrument: investment.instrument }),
    ...(investment.shares > 0 &&
      cost > 0 && { unrealisedRatio: investment.positions.unrealised / cost }),
    ...(portfolio && portfolio.value > 0 && { portfolioShare: investment.value / portfolio.value }),
  };
}

/** An investment's facts; undefined until the investments are held. */
export function investmentFactsView(id: Id): HeldView<InvestmentFacts | undefined> {
  return {
    reads: ['investments', 'portfolios'],
    select: ({ investments, portfolios }) => {
      const investment = investments?.find((i) => i.id === id);
      return (
        investment &&
        investmentFacts(
          investment,
          portfolios?.find((p) => p.id === investment.portfolio_id),
        )
      );
    },
  };
}
