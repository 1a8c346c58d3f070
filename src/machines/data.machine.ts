// Everything the screens show, loaded per resource (STYLE points 4, 6, 7).
// Fixed resources are parallel regions (idle | loading | loaded | failed). Charts and statistics
// are keyed by `${type}:${id}` and created at run time, so they cannot be states: each key holds
// an `Entry` with a status union, and its request reports back with typed events.
import {
  assign,
  fromCallback,
  fromPromise,
  raise,
  setup,
  type ActorRef,
  type Snapshot,
} from 'xstate';
import type { Api } from '../api';
import { messageOf } from '../api/errors';
import type {
  ChartPoint,
  ChartType,
  Id,
  Investment,
  Portfolio,
  Statistics,
  Transaction,
  User,
  Valuation,
} from '../domain/types';

export interface ChartRef {
  type: ChartType;
  /** Absent for the user's chart. */
  id?: Id;
}

export interface StatsRef {
  type: 'portfolio' | 'investment';
  id: Id;
}

export type EntryStatus = 'loading' | 'loaded' | 'failed';

/** One keyed resource. `data` stays while a reload runs, so a chart never blanks. */
export interface Entry<T> {
  status: EntryStatus;
  data?: T;
  error?: string;
  /** The newest request; an older answer is stale and dropped. */
  request: number;
}

export const RESOURCES = [
  'user',
  'valuation',
  'portfolios',
  'investments',
  'events',
  'currencies',
] as const;
export type Resource = (typeof RESOURCES)[number];

export function chartKey(ref: ChartRef): string {
  return `${ref.type}:${ref.id ?? ''}`;
}

export function statsKey(ref: StatsRef): string {
  return `${ref.type}:${ref.id}`;
}

export type DataEvent =
  | { type: 'refresh.all' }
  | { type: 'refresh.user' }
  | { type: 'refresh.valuation' }
  | { type: 'refresh.portfolios' }
  | { type: 'refresh.investments' }
  | { type: 'refresh.events' }
  | { type: 'refresh.currencies' }
  /** Without `chart`: the active chart (the one the current screen shows). */
  | { type: 'refresh.chart'; chart?: ChartRef }
  /** Without `target`: every statistics entry held. */
  | { type: 'refresh.stats'; target?: StatsRef }
  /** A view shows this chart: it becomes the active chart and is (re)loaded. */
  | { type: 'screen.viewed'; chart: ChartRef }
  | { type: 'stats.viewed'; target: StatsRef }
  | { type: 'event.created'; event: Transaction }
  | { type: 'investment.created'; investment: Investment }
  | { type: 'portfolio.created'; portfolio: Portfolio }
  /** Deleted on the server: dropped from the lists at once, with what belonged to it. */
  | { type: 'investment.deleted'; id: Id }
  | { type: 'portfolio.deleted'; id: Id }
  | { type: 'user.updated'; user: User }
  | { type: 'data.cleared' }
  // Reports of the keyed requests.
  | { type: 'chart.loaded'; key: string; request: number; points: ChartPoint[] }
  | { type: 'chart.failed'; key: string; request: number; error: string }
  | { type: 'stats.loaded'; key: string; request: number; statistics: Statistics }
  | { type: 'stats.failed'; key: string; request: number; error: string };

/** What flows need to reach the data actor: anything that accepts its events. */
export type DataRef = ActorRef<Snapshot<unknown>, DataEvent>;

/** The data actor a long-lived child was given, else the one registered as 'data' in its system. */
export function dataOf(given: DataRef | undefined, system: { get(id: string): unknown }): DataRef {
  return given ?? (system.get('data') as DataRef);
}

export interface DataInput {
  api: Api;
}

export interface DataContext {
  api: Api;
  user: User | undefined;
  valuation: Valuation | undefined;
  portfolios: Portfolio[] | undefined;
  investments: Investment[] | undefined;
  events: Transaction[] | undefined;
  currencies: string[] | undefined;
  /** The message of each failed resource. */
  errors: Partial<Record<Resource, string>>;
  activeChart: ChartRef | undefined;
  charts: Record<string, Entry<ChartPoint[]>>;
  stats: Record<string, Entry<Statistics>>;
  lastRequest: number;
}

interface KeyedInput<R> {
  api: Api;
  ref: R;
  key: string;
  request: number;
}

/** What each fixed resource holds once loaded. */
export interface ResourceData {
  user: User;
  valuation: Valuation;
  portfolios: Portfolio[];
  investments: Investment[];
  events: Transaction[];
  currencies: string[];
}

const LOADERS: { [R in Resource]: (api: Api) => Promise<ResourceData[R]> } = {
  user: (api) => api.getUser(),
  valuation: (api) => api.getValuation(),
  portfolios: (api) => api.getPortfolios(),
  investments: (api) => api.getInvestments(),
  events: (api) => api.getEvents(),
  currencies: (api) => api.getCurrencies(),
};

function loading<T>(entry: Entry<T> | undefined, request: number): Entry<T> {
  return { status: 'loading', data: entry?.data, request };
}

function settle<T>(
  entries: Record<string, Entry<T>>,
  key: string,
  request: number,
  next: (entry: Entry<T>) => Entry<T>,
): Record<string, Entry<T>> {
  const entry = entries[key];
  if (!entry || entry.request !== request) return entries;
  return { ...entries, [key]: next(entry) };
}

const loadedWith =
  <T>(data: T) =>
  (entry: Entry<T>): Entry<T> => ({ ...entry, status: 'loaded', data, error: undefined });

const failedWith =
  (error: string) =>
  <T>(entry: Entry<T>): Entry<T> => ({ ...entry, status: 'failed', error });

function statsRefOf(key: string): StatsRef | undefined {
  const colon = key.indexOf(':');
  const type = key.slice(0, colon);
  if (type !== 'portfolio' && type !== 'investment') return undefined;
  return { type, id: key.slice(colon + 1) };
}

const errorOf = (error: unknown) => messageOf(error);

function withoutKey<T>(entries: Record<string, Entry<T>>, key: string): Record<string, Entry<T>> {
  const rest = { ...entries };
  delete rest[key];
  return rest;
}

/**
 * The context without these investments, their events, statistics and charts, so a later
 * `refresh.stats` asks nothing about what is gone.
 */
function withoutInvestments(
  context: DataContext,
  ids: readonly Id[],
): Pick<DataContext, 'investments' | 'events' | 'stats' | 'charts'> {
  const gone = new Set(ids);
  let { stats, charts } = context;
  for (const id of ids) {
    stats = withoutKey(stats, statsKey({ type: 'investment', id }));
    charts = withoutKey(charts, chartKey({ type: 'investment', id }));
  }
  return {
    investments: context.investments?.filter((i) => !gone.has(i.id)),
    events: context.events?.filter((t) => !gone.has(t.investment_id)),
    stats,
    charts,
  };
}

const dataSetup = setup({
  types: {
    context: {} as DataContext,
    events: {} as DataEvent,
    input: {} as DataInput,
  },
  actors: {
    loadResource: fromPromise<ResourceData[Resource], { api: Api; resource: Resource }>(
      ({ input }) => LOADERS[input.resource](input.api),
    ),
    // Keyed requests are spawned per key, so they report with typed events instead of done events.
    loadChart: fromCallback<DataEvent, KeyedInput<ChartRef>>(({ input, sendBack }) => {
      const { api, ref, key, request } = input;
      api.getChart(ref.type, ref.id).then(
        (points) => sendBack({ type: 'chart.loaded', key, request, points }),
        (error: unknown) => sendBack({ type: 'chart.failed', key, request, error: errorOf(error) }),
      );
    }),
    loadStats: fromCallback<DataEvent, KeyedInput<StatsRef>>(({ input, sendBack }) => {
      const { api, ref, key, request } = input;
      const call =
        ref.type === 'portfolio' ? api.getPortfolioStats(ref.id) : api.getInvestmentStats(ref.id);
      call.then(
        (statistics) => sendBack({ type: 'stats.loaded', key, request, statistics }),
        (error: unknown) => sendBack({ type: 'stats.failed', key, request, error: errorOf(error) }),
      );
    }),
  },
  actions: {
    requestChart: assign(({ context, spawn }, ref: ChartRef) => {
      const key = chartKey(ref);
      const request = context.lastRequest + 1;
      spawn('loadChart', {
        id: `chart-${request}`,
        input: { api: context.api, ref, key, request },
      });
      return {
        lastRequest: request,
        charts: { ...context.charts, [key]: loading(context.charts[key], request) },
      };
    }),
    requestStats: assign(({ context, spawn }, ref: StatsRef) => {
      const key = statsKey(ref);
      const request = context.lastRequest + 1;
      spawn('loadStats', {
        id: `stats-${request}`,
        input: { api: context.api, ref, key, request },
      });
      return {
        lastRequest: request,
        stats: { ...context.stats, [key]: loading(context.stats[key], request) },
      };
    }),
    requestAllStats: assign(({ context, spawn }) => {
      let request = context.lastRequest;
      const stats = { ...context.stats };
      for (const key of Object.keys(stats)) {
        const ref = statsRefOf(key);
        if (!ref) continue;
        request += 1;
        spawn('loadStats', {
          id: `stats-${request}`,
          input: { api: context.api, ref, key, request },
        });
        stats[key] = loading(stats[key], request);
      }
      return { lastRequest: request, stats };
    }),
    store: assign((_, params: { resource: Resource; data: ResourceData[Resource] }) => ({
      [params.resource]: params.data,
    })),
    setFailure: assign(({ context }, params: { resource: Resource; error: unknown }) => ({
      errors: { ...context.errors, [params.resource]: errorOf(params.error) },
    })),
    clearFailure: assign(({ context }, params: { resource: Resource }) => {
      const errors = { ...context.errors };
      delete errors[params.resource];
      return { errors };
    }),
  },
  guards: {
    hasActiveChart: ({ context }) => context.activeChart !== undefined,
  },
});

/** A fixed resource as a region: idle | loading | loaded | failed, loaded on `refresh.<resource>`. */
function resourceRegion(resource: Resource) {
  const refresh = `refresh.${resource}` as const;
  return dataSetup.createStateConfig({
    initial: 'idle',
    states: {
      idle: { on: { [refresh]: 'loading' } },
      loading: {
        // A refresh while loading starts over, so the newest answer wins.
        on: { [refresh]: { target: 'loading', reenter: true } },
        invoke: {
          src: 'loadResource',
          input: ({ context }) => ({ api: context.api, resource }),
          onDone: {
            target: 'loaded',
            actions: [
              { type: 'store', params: ({ event }) => ({ resource, data: event.output }) },
              { type: 'clearFailure', params: { resource } },
            ],
          },
          onError: {
            target: 'failed',
            actions: {
              type: 'setFailure',
              params: ({ event }) => ({ resource, error: event.error }),
            },
          },
        },
      },
      loaded: { on: { [refresh]: 'loading' } },
      failed: { on: { [refresh]: 'loading' } },
    },
  });
}

export const dataMachine = dataSetup.createMachine({
  id: 'data',
  type: 'parallel',
  context: ({ input }) => ({
    api: input.api,
    user: undefined,
    valuation: undefined,
    portfolios: undefined,
    investments: undefined,
    events: undefined,
    currencies: undefined,
    errors: {},
    activeChart: undefined,
    charts: {},
    stats: {},
    lastRequest: 0,
  }),
  on: {
    'refresh.all': {
      target: [
        '.user.loading',
        '.valuation.loading',
        '.portfolios.loading',
        '.investments.loading',
        '.events.loading',
        '.currencies.loading',
      ],
      actions: [raise({ type: 'refresh.chart' }), raise({ type: 'refresh.stats' })],
    },
    'refresh.chart': [
      {
        guard: ({ event }) => event.chart !== undefined,
        actions: { type: 'requestChart', params: ({ event }) => event.chart! },
      },
      {
        guard: 'hasActiveChart',
        actions: { type: 'requestChart', params: ({ context }) => context.activeChart! },
      },
    ],
    'screen.viewed': {
      actions: [
        assign({ activeChart: ({ event }) => event.chart }),
        { type: 'requestChart', params: ({ event }) => event.chart },
      ],
    },
    'chart.loaded': {
      actions: assign({
        charts: ({ context, event }) =>
          settle(context.charts, event.key, event.request, loadedWith(event.points)),
      }),
    },
    'chart.failed': {
      actions: assign({
        charts: ({ context, event }) =>
          settle(context.charts, event.key, event.request, failedWith(event.error)),
      }),
    },
    'refresh.stats': [
      {
        guard: ({ event }) => event.target !== undefined,
        actions: { type: 'requestStats', params: ({ event }) => event.target! },
      },
      { actions: 'requestAllStats' },
    ],
    'stats.viewed': {
      actions: { type: 'requestStats', params: ({ event }) => event.target },
    },
    'stats.loaded': {
      actions: assign({
        stats: ({ context, event }) =>
          settle(context.stats, event.key, event.request, loadedWith(event.statistics)),
      }),
    },
    'stats.failed': {
      actions: assign({
        stats: ({ context, event }) =>
          settle(context.stats, event.key, event.request, failedWith(event.error)),
      }),
    },
    'event.created': {
      actions: assign({
        events: ({ context, event }) => context.events && [event.event, ...context.events],
      }),
    },
    'investment.created': {
      actions: assign({
        investments: ({ context, event }) =>
          context.investments && [...context.investments, event.investment],
      }),
    },
    'portfolio.created': {
      actions: assign({
        portfolios: ({ context, event }) =>
          context.portfolios && [...context.portfolios, event.portfolio],
      }),
    },
    'investment.deleted': {
      actions: assign(({ context, event }) => withoutInvestments(context, [event.id])),
    },
    'portfolio.deleted': {
      actions: assign(({ context, event }) => {
        const held = (context.investments ?? []).filter((i) => i.portfolio_id === event.id);
        const rest = withoutInvestments(
          context,
          held.map((i) => i.id),
        );
        return {
          ...rest,
          portfolios: context.portfolios?.filter((p) => p.id !== event.id),
          stats: withoutKey(rest.stats, statsKey({ type: 'portfolio', id: event.id })),
          charts: withoutKey(rest.charts, chartKey({ type: 'portfolio', id: event.id })),
        };
      }),
    },
    'user.updated': { actions: assign({ user: ({ event }) => event.user }) },
    'data.cleared': {
      target: [
        '.user.idle',
        '.valuation.idle',
        '.portfolios.idle',
        '.investments.idle',
        '.events.idle',
        '.currencies.idle',
      ],
      actions: assign(({ context }) => ({
        user: undefined,
        valuation: undefined,
        portfolios: undefined,
        investments: undefined,
        events: undefined,
        currencies: undefined,
        errors: {},
        activeChart: undefined,
        charts: {},
        stats: {},
        // Kept growing, so an answer to a request from before the clear is never taken as current.
        lastRequest: context.lastRequest,
      })),
    },
  },
  // Each region handles its refresh per state: a re-entering transition on the region itself
  // would reset the sibling regions too.
  states: {
    user: resourceRegion('user'),
    valuation: resourceRegion('valuation'),
    portfolios: resourceRegion('portfolios'),
    investments: resourceRegion('investments'),
    events: resourceRegion('events'),
    currencies: resourceRegion('currencies'),
  },
});
