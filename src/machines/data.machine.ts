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

const load = <T>(fn: (api: Api) => Promise<T>) =>
  fromPromise<T, { api: Api }>(({ input }) => fn(input.api));

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

function statsRefOf(key: string): StatsRef | undefined {
  const colon = key.indexOf(':');
  const type = key.slice(0, colon);
  if (type !== 'portfolio' && type !== 'investment') return undefined;
  return { type, id: key.slice(colon + 1) };
}

const errorOf = (error: unknown) => messageOf(error);

export const dataMachine = setup({
  types: {
    context: {} as DataContext,
    events: {} as DataEvent,
    input: {} as DataInput,
  },
  actors: {
    loadUser: load((api) => api.getUser()),
    loadValuation: load((api) => api.getValuation()),
    loadPortfolios: load((api) => api.getPortfolios()),
    loadInvestments: load((api) => api.getInvestments()),
    loadEvents: load((api) => api.getEvents()),
    loadCurrencies: load((api) => api.getCurrencies()),
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
}).createMachine({
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
          settle(context.charts, event.key, event.request, (e) => ({
            ...e,
            status: 'loaded',
            data: event.points,
            error: undefined,
          })),
      }),
    },
    'chart.failed': {
      actions: assign({
        charts: ({ context, event }) =>
          settle(context.charts, event.key, event.request, (e) => ({
            ...e,
            status: 'failed',
            error: event.error,
          })),
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
          settle(context.stats, event.key, event.request, (e) => ({
            ...e,
            status: 'loaded',
            data: event.statistics,
            error: undefined,
          })),
      }),
    },
    'stats.failed': {
      actions: assign({
        stats: ({ context, event }) =>
          settle(context.stats, event.key, event.request, (e) => ({
            ...e,
            status: 'failed',
            error: event.error,
          })),
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
    user: {
      initial: 'idle',
      states: {
        idle: { on: { 'refresh.user': 'loading' } },
        loading: {
          on: { 'refresh.user': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadUser',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'loaded',
              actions: [
                assign({ user: ({ event }) => event.output }),
                { type: 'clearFailure', params: { resource: 'user' } },
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'setFailure',
                params: ({ event }) => ({ resource: 'user', error: event.error }),
              },
            },
          },
        },
        loaded: { on: { 'refresh.user': 'loading' } },
        failed: { on: { 'refresh.user': 'loading' } },
      },
    },
    valuation: {
      initial: 'idle',
      states: {
        idle: { on: { 'refresh.valuation': 'loading' } },
        loading: {
          on: { 'refresh.valuation': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadValuation',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'loaded',
              actions: [
                assign({ valuation: ({ event }) => event.output }),
                { type: 'clearFailure', params: { resource: 'valuation' } },
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'setFailure',
                params: ({ event }) => ({ resource: 'valuation', error: event.error }),
              },
            },
          },
        },
        loaded: { on: { 'refresh.valuation': 'loading' } },
        failed: { on: { 'refresh.valuation': 'loading' } },
      },
    },
    portfolios: {
      initial: 'idle',
      states: {
        idle: { on: { 'refresh.portfolios': 'loading' } },
        loading: {
          on: { 'refresh.portfolios': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadPortfolios',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'loaded',
              actions: [
                assign({ portfolios: ({ event }) => event.output }),
                { type: 'clearFailure', params: { resource: 'portfolios' } },
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'setFailure',
                params: ({ event }) => ({ resource: 'portfolios', error: event.error }),
              },
            },
          },
        },
        loaded: { on: { 'refresh.portfolios': 'loading' } },
        failed: { on: { 'refresh.portfolios': 'loading' } },
      },
    },
    investments: {
      initial: 'idle',
      states: {
        idle: { on: { 'refresh.investments': 'loading' } },
        loading: {
          on: { 'refresh.investments': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadInvestments',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'loaded',
              actions: [
                assign({ investments: ({ event }) => event.output }),
                { type: 'clearFailure', params: { resource: 'investments' } },
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'setFailure',
                params: ({ event }) => ({ resource: 'investments', error: event.error }),
              },
            },
          },
        },
        loaded: { on: { 'refresh.investments': 'loading' } },
        failed: { on: { 'refresh.investments': 'loading' } },
      },
    },
    events: {
      initial: 'idle',
      states: {
        idle: { on: { 'refresh.events': 'loading' } },
        loading: {
          on: { 'refresh.events': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadEvents',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'loaded',
              actions: [
                assign({ events: ({ event }) => event.output }),
                { type: 'clearFailure', params: { resource: 'events' } },
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'setFailure',
                params: ({ event }) => ({ resource: 'events', error: event.error }),
              },
            },
          },
        },
        loaded: { on: { 'refresh.events': 'loading' } },
        failed: { on: { 'refresh.events': 'loading' } },
      },
    },
    currencies: {
      initial: 'idle',
      states: {
        idle: { on: { 'refresh.currencies': 'loading' } },
        loading: {
          on: { 'refresh.currencies': { target: 'loading', reenter: true } },
          invoke: {
            src: 'loadCurrencies',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: 'loaded',
              actions: [
                assign({ currencies: ({ event }) => event.output }),
                { type: 'clearFailure', params: { resource: 'currencies' } },
              ],
            },
            onError: {
              target: 'failed',
              actions: {
                type: 'setFailure',
                params: ({ event }) => ({ resource: 'currencies', error: event.error }),
              },
            },
          },
        },
        loaded: { on: { 'refresh.currencies': 'loading' } },
        failed: { on: { 'refresh.currencies': 'loading' } },
      },
    },
  },
});
