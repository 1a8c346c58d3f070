// Every resource the data actor loads has a key: a fixed resource by its name (`user`,
// `portfolios`), a chart or statistics by what they are of (`chart:portfolio:7`, `chart:user`,
// `stats:investment:3`). Screens say which keys they need; the key says what to fetch.
import { CHART_TYPES, type ChartType, type Id } from '../../domain/types';
import { RESOURCES, type Resource, type Stale } from './changes';

export interface ChartRef {
  type: ChartType;
  /** Absent for the user's chart. */
  id?: Id;
}

export interface StatsRef {
  type: 'portfolio' | 'investment';
  id: Id;
}

/** Returns over the selected period, or over calendar `year`. */
export interface PerformanceRef {
  type: ChartType;
  /** Absent for the user's. */
  id?: Id;
  year?: number;
}

export type ChartKey = `chart:${string}`;
export type StatsKey = `stats:${string}`;
export type PerformanceKey = `performance:${string}`;
export type ResourceKey = Resource | ChartKey | StatsKey | PerformanceKey;

export function chartKey(ref: ChartRef): ChartKey {
  return ref.id === undefined ? `chart:${ref.type}` : `chart:${ref.type}:${ref.id}`;
}

export function statsKey(ref: StatsRef): StatsKey {
  return `stats:${ref.type}:${ref.id}`;
}

/** `performance:user`, `performance:portfolio:7`, `performance:investment:3@2025`. */
export function performanceKey(ref: PerformanceRef): PerformanceKey {
  const year = ref.year === undefined ? '' : `@${ref.year}`;
  return `performance:${ref.type}${ref.id === undefined ? '' : `:${ref.id}`}${year}`;
}

/** What a key names: a fixed resource, or the chart, statistics or returns of one thing. */
export type Target =
  | { kind: 'resource'; resource: Resource }
  | { kind: 'chart'; ref: ChartRef }
  | { kind: 'stats'; ref: StatsRef }
  | { kind: 'performance'; ref: PerformanceRef };

const isResource = (key: string): key is Resource => (RESOURCES as readonly string[]).includes(key);

const isChartType = (type: string): type is ChartType =>
  (CHART_TYPES as readonly string[]).includes(type);

/** The key read back; a key no function above writes is a bug, so it throws. */
export function targetOf(key: string): Target {
  if (isResource(key)) return { kind: 'resource', resource: key };
  const [kind, type = '', ...rest] = key.split(':');
  const id = rest.length > 0 ? rest.join(':') : undefined;
  if (kind === 'chart' && isChartType(type)) return { kind: 'chart', ref: { type, id } };
  if (kind === 'stats' && (type === 'portfolio' || type === 'investment') && id !== undefined)
    return { kind: 'stats', ref: { type, id } };
  if (kind === 'performance') {
    const [what = '', year] = key.slice('performance:'.length).split('@');
    const [of = '', ...named] = what.split(':');
    const ref = { id: named.length > 0 ? named.join(':') : undefined };
    const dated = year === undefined ? {} : { year: Number(year) };
    if (isChartType(of)) return { kind: 'performance', ref: { type: of, ...ref, ...dated } };
  }
  throw new TypeError(`Unknown resource key "${key}"`);
}

/** The row of `STALE_AFTER` a key answers to: its resource, or every chart or statistics. */
export function staleKindOf(key: string): Stale {
  if (isResource(key)) return key;
  return key.startsWith('chart:') ? 'chart' : key.startsWith('stats:') ? 'stats' : 'performance';
}

/** The chart and statistics of a portfolio or investment, which go with it. */
export function keysOf(type: 'portfolio' | 'investment', id: Id): ResourceKey[] {
  return [chartKey({ type, id }), statsKey({ type, id })];
}

/** The key each GET of the page's first answers loads (issue 37), by its path under /api/v1. */
const KEY_OF_PATH: Readonly<Record<string, ResourceKey>> = {
  '/user': 'user',
  '/user/valuation': 'valuation',
  '/portfolios': 'portfolios',
  '/investments': 'investments',
  '/investments/events': 'events',
  '/user/chart': chartKey({ type: 'user' }),
  '/user/performance': performanceKey({ type: 'user' }),
};

/** The keys of those paths; a path of no key here is left to the screen that asks for it. */
export function keysOfPaths(paths: readonly string[]): ResourceKey[] {
  return paths.flatMap((path) => KEY_OF_PATH[path] ?? []);
}
