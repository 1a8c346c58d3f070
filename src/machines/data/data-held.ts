// What the data actor holds, typed per resource (what screens and flows read), and the plain
// functions that put an answer or a change the user made into it.
import type {
  BenchmarkLine,
  Chart,
  ChartPoint,
  Id,
  Investment,
  Performance,
  Portfolio,
  Statistics,
  Transaction,
  User,
  Valuation,
} from '../../domain/types';
import type { Resource } from './changes';
import type { Entries, Needs } from './data-entries';
import { keysOf, targetOf } from './resource-keys';

/** What each fixed resource holds once loaded. */
export interface ResourceData {
  user: User;
  valuation: Valuation;
  portfolios: Portfolio[];
  investments: Investment[];
  events: Transaction[];
  currencies: string[];
}

/** One answer, by what was asked. */
export type Answer =
  | { [R in Resource]: { kind: R; data: ResourceData[R] } }[Resource]
  | { kind: 'chart'; data: Chart }
  | { kind: 'stats'; data: Statistics }
  | { kind: 'performance'; data: Performance };

export type Held = { [R in Resource]: ResourceData[R] | undefined } & {
  /** By chart key. */
  charts: Record<string, ChartPoint[]>;
  /** The benchmark's line beside a chart, by chart key, when its answer had one. */
  benchmarks: Record<string, BenchmarkLine>;
  /** By statistics key. */
  stats: Record<string, Statistics>;
  /** By performance key. */
  performances: Record<string, Performance>;
};

/** What is held and how each key stands: all that a change to the lists touches. */
export type Store = Held & { entries: Entries; needs: Needs };

/** What a session holds before its first answer, and once it has ended. */
export const NOTHING_HELD = {
  user: undefined,
  valuation: undefined,
  portfolios: undefined,
  investments: undefined,
  events: undefined,
  currencies: undefined,
  charts: {},
  benchmarks: {},
  stats: {},
  performances: {},
  entries: {},
} as const satisfies Omit<Store, 'needs'>;

/** Whether something is held for `key` (a failed load keeps it, shown as out of date). */
export function isHeld(held: Held, key: string): boolean {
  const target = targetOf(key);
  if (target.kind === 'resource') return held[target.resource] !== undefined;
  const kept = { chart: held.charts, stats: held.stats, performance: held.performances };
  return kept[target.kind][key] !== undefined;
}

/** What the answer for `key` changes of what is held. */
export function withAnswer(held: Held, key: string, answer: Answer): Partial<Held> {
  switch (answer.kind) {
    case 'chart':
      return {
        charts: { ...held.charts, [key]: answer.data.points },
        benchmarks: answer.data.benchmark
          ? { ...held.benchmarks, [key]: answer.data.benchmark }
          : without(held.benchmarks, [key]),
      };
    case 'stats':
      return { stats: { ...held.stats, [key]: answer.data } };
    case 'performance':
      return { performances: { ...held.performances, [key]: answer.data } };
    default:
      return { [answer.kind]: answer.data };
  }
}

/**
 * A loaded list with a created item, once: a refresh answered after the create (a login in
 * between reloads everything) may hold it already.
 */
export function withCreated<T extends { id: Id }>(
  list: T[] | undefined,
  item: T,
  place: 'first' | 'last',
): T[] | undefined {
  if (!list || list.some((known) => known.id === item.id)) return list;
  return place === 'first' ? [item, ...list] : [...list, item];
}

function without<T>(record: Record<string, T>, keys: readonly string[]): Record<string, T> {
  const rest = { ...record };
  for (const key of keys) delete rest[key];
  return rest;
}

/** The store without the chart and statistics of what is gone, held, loading or needed. */
function withoutKeys(store: Store, keys: readonly string[]) {
  return {
    charts: without(store.charts, keys),
    benchmarks: without(store.benchmarks, keys),
    stats: without(store.stats, keys),
    performances: without(store.performances, keys),
    entries: without(store.entries, keys),
    needs: without(store.needs, keys),
  };
}

/**
 * The store without these investments, their events, statistics and charts (no longer needed
 * either), so a later reload asks nothing about what is gone.
 */
export function withoutInvestments(store: Store, ids: readonly Id[]): Partial<Store> {
  const gone = new Set(ids);
  return {
    ...withoutKeys(
      store,
      ids.flatMap((id) => keysOf('investment', id)),
    ),
    investments: store.investments?.filter((i) => !gone.has(i.id)),
    events: store.events?.filter((t) => !gone.has(t.investment_id)),
  };
}

/** The store without this portfolio and its investments, as `withoutInvestments`. */
export function withoutPortfolio(store: Store, id: Id): Partial<Store> {
  const held = (store.investments ?? []).filter((i) => i.portfolio_id === id);
  const rest = withoutInvestments(
    store,
    held.map((i) => i.id),
  );
  return {
    ...rest,
    ...withoutKeys({ ...store, ...rest }, keysOf('portfolio', id)),
    portfolios: store.portfolios?.filter((p) => p.id !== id),
  };
}
