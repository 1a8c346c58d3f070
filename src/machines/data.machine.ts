// Everything the screens show, loaded per resource (STYLE points 4, 6, 7).
// Fixed resources are parallel regions (idle | loading | loaded | failed). Charts and statistics
// are keyed by `${type}:${id}` and created at run time, so they cannot be states: each key holds
// an `Entry` with a status union, and its request, a child that lives until it has answered or
// a newer request replaced it, reports back with typed events.
// Flows announce what they changed; `STALE_AFTER` (changes.ts) says what that reloads.
// A failed load keeps what was held; the `recovery` region retries what failed (Retry, the
// connection returning, the tab shown again, or a 429's Retry-After counted down).
import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  raise,
  setup,
  stopChild,
  type ActorRef,
  type Snapshot,
} from 'xstate';
import type { Api } from '../api';
import { ApiError, messageOf } from '../api/errors';
import type {
  ChartPoint,
  ChartType,
  Id,
  Investment,
  Period,
  Portfolio,
  Statistics,
  Transaction,
  User,
  Valuation,
} from '../domain/types';
import { RESOURCES, STALE_AFTER, type Change, type Resource, type Stale } from './changes';
import type { KeyValueStore, Platform } from './platform';
import {
  forgetFigures,
  isRemembered,
  readFigures,
  rememberFigure,
  REMEMBERED,
  type Remembered,
} from './remembered-figures';

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

/** One keyed resource. `data` stays while a reload runs or fails, so a chart never blanks. */
export interface Entry<T> {
  status: EntryStatus;
  data?: T;
  /** The period `data` is for (the one selected when it was asked for). */
  period?: Period;
  /** The last failure; kept while a retry runs, cleared by an answer. */
  error?: string;
  /** The newest request; an older answer is stale and dropped. */
  request: number;
}

/** Why a load failed, and when a 429 said to come back. */
export interface Failure {
  message: string;
  /** Seconds, from Retry-After. */
  retryAfter?: number;
}

export { RESOURCES, type Resource };

export function chartKey(ref: ChartRef): string {
  return `${ref.type}:${ref.id ?? ''}`;
}

export function statsKey(ref: StatsRef): string {
  return `${ref.type}:${ref.id}`;
}

/** The load that makes each stale thing fresh; `chart` and `stats` are those in view. */
const REFRESH = {
  user: 'refresh.user',
  valuation: 'refresh.valuation',
  portfolios: 'refresh.portfolios',
  investments: 'refresh.investments',
  events: 'refresh.events',
  currencies: 'refresh.currencies',
  chart: 'refresh.chart',
  stats: 'refresh.stats',
} as const satisfies Record<Stale, string>;

/** The id of a keyed request's child: request numbers are unique across charts and statistics. */
const loaderId = (request: number) => `load-${request}`;

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
  /** Without `target`: the statistics in view. */
  | { type: 'refresh.stats'; target?: StatsRef }
  /** A view shows this chart: it becomes the active chart and is (re)loaded. */
  | { type: 'screen.viewed'; chart: ChartRef }
  | { type: 'stats.viewed'; target: StatsRef }
  | { type: 'event.created'; event: Transaction }
  | { type: 'investment.created'; investment: Investment }
  | { type: 'portfolio.created'; portfolio: Portfolio }
  /** Being deleted (Undo still possible): dropped from the lists, with what belonged to it. */
  | { type: 'investment.hidden'; id: Id }
  | { type: 'portfolio.hidden'; id: Id }
  /** Deleted on the server: dropped (a reload in between may have brought it back). */
  | { type: 'investment.deleted'; id: Id }
  | { type: 'portfolio.deleted'; id: Id }
  | { type: 'user.updated'; user: User }
  /** A change with nothing to add or drop here: only what `STALE_AFTER` names is reloaded. */
  | { type: 'data.changed'; change: Change }
  | { type: 'data.cleared' }
  /** The period the server answers for from now on (its cookie is written). */
  | { type: 'period.changed'; period: Period }
  /** The screen's Retry: everything that failed, at once. */
  | { type: 'retry.requested' }
  | { type: 'connection.restored' }
  | { type: 'page.shown' }
  // Reports of the keyed requests.
  | {
      type: 'chart.loaded';
      key: string;
      request: number;
      points: ChartPoint[];
      period: Period | undefined;
    }
  | { type: 'chart.failed'; key: string; request: number; failure: Failure }
  | { type: 'stats.loaded'; key: string; request: number; statistics: Statistics }
  | { type: 'stats.failed'; key: string; request: number; failure: Failure }
  /** Raised by every failed load, for the recovery region. */
  | { type: 'load.failed'; failure: Failure };

/** What flows need to reach the data actor: anything that accepts its events. */
export type DataRef = ActorRef<Snapshot<unknown>, DataEvent>;

/** The data actor a long-lived child was given, else the one registered as 'data' in its system. */
export function dataOf(given: DataRef | undefined, system: { get(id: string): unknown }): DataRef {
  return given ?? (system.get('data') as DataRef);
}

export type ReturnPorts = Pick<Platform, 'connectivity' | 'visibility'>;

export interface DataInput {
  api: Api;
  /** The connection and the tab coming back; without it (headless tests) only Retry retries. */
  platform?: ReturnPorts;
  /** Where the figures home shows first are kept for the next visit; without it, nowhere. */
  figures?: KeyValueStore;
}

export interface DataContext {
  api: Api;
  platform: ReturnPorts | undefined;
  figures: KeyValueStore | undefined;
  /** The period the server answers for now; each answer records the one it was asked in. */
  period: Period | undefined;
  user: User | undefined;
  valuation: Valuation | undefined;
  portfolios: Portfolio[] | undefined;
  investments: Investment[] | undefined;
  events: Transaction[] | undefined;
  currencies: string[] | undefined;
  /** The message of each failed resource; kept while a retry runs, cleared by an answer. */
  errors: Partial<Record<Resource, string>>;
  /** The period each held resource is for. */
  periods: Partial<Record<Resource, Period>>;
  activeChart: ChartRef | undefined;
  /** The statistics the current screen shows (told by `stats.viewed`). */
  activeStats: StatsRef | undefined;
  charts: Record<string, Entry<ChartPoint[]>>;
  stats: Record<string, Entry<Statistics>>;
  lastRequest: number;
  /** The newest failure, for the screen's one message. */
  failure: Failure | undefined;
  /** Seconds left before a throttled retry. */
  countdown: number;
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
  return {
    status: 'loading',
    data: entry?.data,
    period: entry?.period,
    error: entry?.error,
    request,
  };
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
  <T>(data: T, period: Period | undefined) =>
  (entry: Entry<T>): Entry<T> => ({ ...entry, status: 'loaded', data, period, error: undefined });

const failedWith =
  (failure: Failure) =>
  <T>(entry: Entry<T>): Entry<T> => ({ ...entry, status: 'failed', error: failure.message });

function isCurrent(entries: Record<string, Entry<unknown>>, key: string, request: number) {
  return entries[key]?.request === request;
}

export function failureOf(error: unknown): Failure {
  return {
    message: messageOf(error),
    retryAfter: error instanceof ApiError ? error.retryAfter : undefined,
  };
}

/** What failed of what the screen holds: fixed resources, the active chart and statistics. */
export function failedLoads(context: DataContext): {
  resources: Resource[];
  chart: ChartRef | undefined;
  stats: StatsRef | undefined;
} {
  const { activeChart, activeStats } = context;
  const chartFailed = activeChart && context.charts[chartKey(activeChart)]?.error !== undefined;
  const statsFailed = activeStats && context.stats[statsKey(activeStats)]?.error !== undefined;
  return {
    resources: RESOURCES.filter((r) => context.errors[r] !== undefined),
    chart: chartFailed ? activeChart : undefined,
    stats: statsFailed ? activeStats : undefined,
  };
}

function somethingFailed(context: DataContext): boolean {
  const failed = failedLoads(context);
  return failed.resources.length > 0 || failed.chart !== undefined || failed.stats !== undefined;
}

/**
 * A loaded list with a created item, once: a refresh answered after the create (a login in
 * between reloads everything) may hold it already.
 */
function withCreated<T extends { id: Id }>(
  list: T[] | undefined,
  item: T,
  place: 'first' | 'last',
): T[] | undefined {
  if (!list || list.some((known) => known.id === item.id)) return list;
  return place === 'first' ? [item, ...list] : [...list, item];
}

function withoutKey<T>(entries: Record<string, Entry<T>>, key: string): Record<string, Entry<T>> {
  const rest = { ...entries };
  delete rest[key];
  return rest;
}

/** The chart or statistics in view, unless they are of something gone. */
function inViewUnless<T extends ChartRef | StatsRef>(
  ref: T | undefined,
  gone: (ref: T) => boolean,
): T | undefined {
  return ref && gone(ref) ? undefined : ref;
}

/**
 * The context without these investments, their events, statistics and charts, so a later
 * reload asks nothing about what is gone.
 */
function withoutInvestments(
  context: DataContext,
  ids: readonly Id[],
): Pick<
  DataContext,
  'investments' | 'events' | 'stats' | 'charts' | 'activeChart' | 'activeStats'
> {
  const gone = new Set(ids);
  const isGone = (ref: ChartRef | StatsRef) =>
    ref.type === 'investment' && ref.id !== undefined && gone.has(ref.id);
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
    activeChart: inViewUnless(context.activeChart, isGone),
    activeStats: inViewUnless(context.activeStats, isGone),
  };
}

/** The context without this portfolio and its investments, as `withoutInvestments`. */
function withoutPortfolio(context: DataContext, id: Id): Partial<DataContext> {
  const held = (context.investments ?? []).filter((i) => i.portfolio_id === id);
  const rest = withoutInvestments(
    context,
    held.map((i) => i.id),
  );
  const isGone = (ref: ChartRef | StatsRef) => ref.type === 'portfolio' && ref.id === id;
  return {
    ...rest,
    portfolios: context.portfolios?.filter((p) => p.id !== id),
    stats: withoutKey(rest.stats, statsKey({ type: 'portfolio', id })),
    charts: withoutKey(rest.charts, chartKey({ type: 'portfolio', id })),
    activeChart: inViewUnless(rest.activeChart, isGone),
    activeStats: inViewUnless(rest.activeStats, isGone),
  };
}

const dataSetup = setup({
  types: {
    context: {} as DataContext,
    events: {} as DataEvent,
    input: {} as DataInput,
  },
  actors: {
    loadResource: fromPromise<
      { data: ResourceData[Resource]; period: Period | undefined },
      { api: Api; resource: Resource; period: Period | undefined }
    >(async ({ input }) => ({
      data: await LOADERS[input.resource](input.api),
      period: input.period,
    })),
    // Keyed requests are spawned per key, so they report with typed events instead of done events.
    loadChart: fromCallback<DataEvent, KeyedInput<ChartRef> & { period: Period | undefined }>(
      ({ input, sendBack }) => {
        const { api, ref, key, request, period } = input;
        api.getChart(ref.type, ref.id).then(
          (points) => sendBack({ type: 'chart.loaded', key, request, points, period }),
          (error: unknown) =>
            sendBack({ type: 'chart.failed', key, request, failure: failureOf(error) }),
        );
      },
    ),
    loadStats: fromCallback<DataEvent, KeyedInput<StatsRef>>(({ input, sendBack }) => {
      const { api, ref, key, request } = input;
      const call =
        ref.type === 'portfolio' ? api.getPortfolioStats(ref.id) : api.getInvestmentStats(ref.id);
      call.then(
        (statistics) => sendBack({ type: 'stats.loaded', key, request, statistics }),
        (error: unknown) =>
          sendBack({ type: 'stats.failed', key, request, failure: failureOf(error) }),
      );
    }),
    /** Reports the connection returning and the tab being shown again. */
    watchReturn: fromCallback<DataEvent, { platform: ReturnPorts | undefined }>(
      ({ input, sendBack }) => {
        if (!input.platform) return undefined;
        const offOnline = input.platform.connectivity.onOnline(() =>
          sendBack({ type: 'connection.restored' }),
        );
        const offVisible = input.platform.visibility.onVisible(() =>
          sendBack({ type: 'page.shown' }),
        );
        return () => {
          offOnline();
          offVisible();
        };
      },
    ),
  },
  actions: {
    requestChart: enqueueActions(({ context, enqueue }, ref: ChartRef) => {
      const key = chartKey(ref);
      const request = context.lastRequest + 1;
      const previous = context.charts[key];
      if (previous?.status === 'loading') enqueue.stopChild(loaderId(previous.request));
      enqueue.spawnChild('loadChart', {
        id: loaderId(request),
        input: { api: context.api, ref, key, request, period: context.period },
      });
      enqueue.assign({
        lastRequest: request,
        charts: { ...context.charts, [key]: loading(previous, request) },
      });
    }),
    requestStats: enqueueActions(({ context, enqueue }, ref: StatsRef) => {
      const key = statsKey(ref);
      const request = context.lastRequest + 1;
      const previous = context.stats[key];
      if (previous?.status === 'loading') enqueue.stopChild(loaderId(previous.request));
      enqueue.spawnChild('loadStats', {
        id: loaderId(request),
        input: { api: context.api, ref, key, request },
      });
      enqueue.assign({
        lastRequest: request,
        stats: { ...context.stats, [key]: loading(previous, request) },
      });
    }),
    dropInvestment: assign(({ context }, params: { id: Id }) =>
      withoutInvestments(context, [params.id]),
    ),
    dropPortfolio: assign(({ context }, params: { id: Id }) =>
      withoutPortfolio(context, params.id),
    ),
    /** A keyed request has answered: its child goes. */
    stopLoader: stopChild(({ event }) => ('request' in event ? loaderId(event.request) : '')),
    /** What `change` leaves stale, loaded again. */
    reloadStale: enqueueActions(({ enqueue }, params: { change: Change }) => {
      for (const stale of STALE_AFTER[params.change]) enqueue.raise({ type: REFRESH[stale] });
    }),
    store: assign(
      (
        { context },
        params: { resource: Resource; data: ResourceData[Resource]; period: Period | undefined },
      ) => ({
        [params.resource]: params.data,
        periods: { ...context.periods, [params.resource]: params.period },
      }),
    ),
    /** The last visit's figures, for what is not held yet; each is asked for again at once. */
    recallFigures: assign(({ context }) => {
      if (!context.figures) return {};
      const kept = readFigures(context.figures);
      const periods = { ...context.periods };
      for (const resource of REMEMBERED) {
        const figure = kept[resource];
        if (figure && context[resource] === undefined) periods[resource] = figure.period;
      }
      return {
        user: context.user ?? kept.user?.data,
        valuation: context.valuation ?? kept.valuation?.data,
        portfolios: context.portfolios ?? kept.portfolios?.data,
        investments: context.investments ?? kept.investments?.data,
        periods,
      };
    }),
    /**
     * Each answer, and each change made here, kept at once (the next visit must not show a
     * deleted item again): what the context holds after it, with its period.
     */
    rememberHeld: ({ context }, params: { resources: readonly Remembered[] }) => {
      if (!context.figures) return;
      for (const resource of params.resources) {
        const data = context[resource];
        if (data !== undefined)
          rememberFigure(context.figures, resource, { data, period: context.periods[resource] });
      }
    },
    forgetFigures: ({ context }) => {
      if (context.figures) forgetFigures(context.figures);
    },
    setFailure: assign(({ context }, params: { resource: Resource; error: unknown }) => ({
      errors: { ...context.errors, [params.resource]: messageOf(params.error) },
    })),
    clearFailure: assign(({ context }, params: { resource: Resource }) => {
      const errors = { ...context.errors };
      delete errors[params.resource];
      return { errors };
    }),
    reportFailure: raise((_, failure: Failure) => ({ type: 'load.failed' as const, failure })),
    noteFailure: assign({
      failure: ({ event }) => (event.type === 'load.failed' ? event.failure : undefined),
    }),
    forgetFailure: assign({ failure: undefined }),
    /** Everything that failed of what the screen holds, asked for again. */
    retryFailed: enqueueActions(({ context, enqueue }) => {
      const failed = failedLoads(context);
      for (const resource of failed.resources) enqueue.raise({ type: REFRESH[resource] });
      if (failed.chart) enqueue.raise({ type: 'refresh.chart', chart: failed.chart });
      if (failed.stats) enqueue.raise({ type: 'refresh.stats', target: failed.stats });
    }),
    startCountdown: assign({
      countdown: ({ context, event }) =>
        event.type === 'load.failed'
          ? Math.max(context.countdown, event.failure.retryAfter ?? 0)
          : context.countdown,
    }),
    countDown: assign({ countdown: ({ context }) => context.countdown - 1 }),
    stopCountdown: assign({ countdown: 0 }),
  },
  guards: {
    hasActiveChart: ({ context }) => context.activeChart !== undefined,
    hasActiveStats: ({ context }) => context.activeStats !== undefined,
    somethingFailed: ({ context }) => somethingFailed(context),
    throttled: ({ event }) => event.type === 'load.failed' && (event.failure.retryAfter ?? 0) >= 1,
    countdownRunning: ({ context }) => context.countdown > 1,
  },
  delays: {
    tick: 1000,
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
          input: ({ context }) => ({ api: context.api, resource, period: context.period }),
          onDone: {
            target: 'loaded',
            actions: [
              {
                type: 'store',
                params: ({ event }) => ({ resource, ...event.output }),
              },
              {
                type: 'rememberHeld',
                params: { resources: isRemembered(resource) ? [resource] : [] },
              },
              { type: 'clearFailure', params: { resource } },
            ],
          },
          onError: {
            target: 'failed',
            actions: [
              { type: 'setFailure', params: ({ event }) => ({ resource, error: event.error }) },
              { type: 'reportFailure', params: ({ event }) => failureOf(event.error) },
            ],
          },
        },
      },
      loaded: { on: { [refresh]: 'loading' } },
      failed: { on: { [refresh]: 'loading' } },
    },
  });
}

/**
 * The screen's failures: one message, and retries by themselves. Throttled (429 with
 * Retry-After), it waits that long, counting the seconds down; otherwise it waits for the
 * connection or the tab to come back. Retry retries at once in either case.
 */
const recoveryRegion = dataSetup.createStateConfig({
  initial: 'calm',
  states: {
    calm: {
      always: { guard: 'somethingFailed', target: 'failing' },
    },
    failing: {
      initial: 'waiting',
      always: { guard: not('somethingFailed'), target: 'calm', actions: 'forgetFailure' },
      on: {
        'retry.requested': { target: '.waiting', actions: 'retryFailed' },
        'load.failed': { actions: 'noteFailure' },
      },
      states: {
        waiting: {
          invoke: {
            src: 'watchReturn',
            input: ({ context }) => ({ platform: context.platform }),
          },
          on: {
            'connection.restored': { actions: 'retryFailed' },
            'page.shown': { actions: 'retryFailed' },
            'load.failed': {
              guard: 'throttled',
              target: 'throttled',
              actions: ['noteFailure', 'startCountdown'],
            },
          },
        },
        throttled: {
          exit: 'stopCountdown',
          on: { 'load.failed': { actions: ['noteFailure', 'startCountdown'] } },
          initial: 'counting',
          states: {
            // Re-entered each second, so its timer starts again; `throttled` stays.
            counting: {
              after: {
                tick: [
                  {
                    guard: 'countdownRunning',
                    target: 'counting',
                    reenter: true,
                    actions: 'countDown',
                  },
                  { target: '#data.recovery.failing.waiting', actions: 'retryFailed' },
                ],
              },
            },
          },
        },
      },
    },
  },
});

const DROP_INVESTMENT = [
  { type: 'dropInvestment', params: ({ event }: { event: { id: Id } }) => ({ id: event.id }) },
  { type: 'rememberHeld', params: { resources: ['investments'] } },
] as const;

const DROP_PORTFOLIO = [
  { type: 'dropPortfolio', params: ({ event }: { event: { id: Id } }) => ({ id: event.id }) },
  { type: 'rememberHeld', params: { resources: ['portfolios', 'investments'] } },
] as const;

/** What a session holds before its first answer, and once it has ended. */
const NOTHING_HELD = {
  user: undefined,
  valuation: undefined,
  portfolios: undefined,
  investments: undefined,
  events: undefined,
  currencies: undefined,
  errors: {},
  periods: {},
  activeChart: undefined,
  activeStats: undefined,
  charts: {},
  stats: {},
} as const satisfies Partial<DataContext>;

export const dataMachine = dataSetup.createMachine({
  id: 'data',
  type: 'parallel',
  context: ({ input }) => ({
    api: input.api,
    platform: input.platform,
    figures: input.figures,
    period: undefined,
    ...NOTHING_HELD,
    lastRequest: 0,
    failure: undefined,
    countdown: 0,
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
      actions: [
        'recallFigures',
        raise({ type: 'refresh.chart' }),
        raise({ type: 'refresh.stats' }),
      ],
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
    'period.changed': [
      {
        // The first period told is the one the session starts with: nothing held is stale.
        guard: ({ context, event }) =>
          context.period !== undefined && context.period !== event.period,
        actions: [
          assign({ period: ({ event }) => event.period }),
          { type: 'reloadStale', params: { change: 'period.changed' } },
        ],
      },
      { actions: assign({ period: ({ event }) => event.period }) },
    ],
    'data.changed': {
      actions: { type: 'reloadStale', params: ({ event }) => ({ change: event.change }) },
    },
    'screen.viewed': {
      actions: [
        // A screen's statistics are told after its chart (value card first), so a screen
        // without statistics (home) holds none in view.
        assign({ activeChart: ({ event }) => event.chart, activeStats: undefined }),
        { type: 'requestChart', params: ({ event }) => event.chart },
      ],
    },
    'chart.loaded': {
      actions: [
        'stopLoader',
        assign({
          charts: ({ context, event }) =>
            settle(
              context.charts,
              event.key,
              event.request,
              loadedWith(event.points, event.period),
            ),
        }),
      ],
    },
    'chart.failed': [
      {
        guard: ({ context, event }) => isCurrent(context.charts, event.key, event.request),
        actions: [
          'stopLoader',
          assign({
            charts: ({ context, event }) =>
              settle(context.charts, event.key, event.request, failedWith(event.failure)),
          }),
          { type: 'reportFailure', params: ({ event }) => event.failure },
        ],
      },
      // A request whose entry was replaced or dropped: only its child goes.
      { actions: 'stopLoader' },
    ],
    'refresh.stats': [
      {
        guard: ({ event }) => event.target !== undefined,
        actions: { type: 'requestStats', params: ({ event }) => event.target! },
      },
      {
        guard: 'hasActiveStats',
        actions: { type: 'requestStats', params: ({ context }) => context.activeStats! },
      },
    ],
    'stats.viewed': {
      actions: [
        assign({ activeStats: ({ event }) => event.target }),
        { type: 'requestStats', params: ({ event }) => event.target },
      ],
    },
    'stats.loaded': {
      actions: [
        'stopLoader',
        assign({
          // Statistics are lifetime figures, for no period.
          stats: ({ context, event }) =>
            settle(
              context.stats,
              event.key,
              event.request,
              loadedWith(event.statistics, undefined),
            ),
        }),
      ],
    },
    'stats.failed': [
      {
        guard: ({ context, event }) => isCurrent(context.stats, event.key, event.request),
        actions: [
          'stopLoader',
          assign({
            stats: ({ context, event }) =>
              settle(context.stats, event.key, event.request, failedWith(event.failure)),
          }),
          { type: 'reportFailure', params: ({ event }) => event.failure },
        ],
      },
      // A request whose entry was replaced or dropped: only its child goes.
      { actions: 'stopLoader' },
    ],
    'event.created': {
      actions: [
        assign({
          events: ({ context, event }) => withCreated(context.events, event.event, 'first'),
        }),
        { type: 'reloadStale', params: { change: 'event.created' } },
      ],
    },
    'investment.created': {
      actions: [
        assign({
          investments: ({ context, event }) =>
            withCreated(context.investments, event.investment, 'last'),
        }),
        { type: 'rememberHeld', params: { resources: ['investments'] } },
        { type: 'reloadStale', params: { change: 'investment.created' } },
      ],
    },
    'portfolio.created': {
      actions: [
        assign({
          portfolios: ({ context, event }) =>
            withCreated(context.portfolios, event.portfolio, 'last'),
        }),
        { type: 'rememberHeld', params: { resources: ['portfolios'] } },
        { type: 'reloadStale', params: { change: 'portfolio.created' } },
      ],
    },
    'investment.hidden': { actions: DROP_INVESTMENT },
    'portfolio.hidden': { actions: DROP_PORTFOLIO },
    'investment.deleted': {
      actions: [
        ...DROP_INVESTMENT,
        { type: 'reloadStale', params: { change: 'investment.deleted' } },
      ],
    },
    'portfolio.deleted': {
      actions: [
        ...DROP_PORTFOLIO,
        { type: 'reloadStale', params: { change: 'portfolio.deleted' } },
      ],
    },
    'user.updated': {
      actions: [
        assign({ user: ({ event }) => event.user }),
        { type: 'rememberHeld', params: { resources: ['user'] } },
      ],
    },
    'data.cleared': {
      target: [
        '.user.idle',
        '.valuation.idle',
        '.portfolios.idle',
        '.investments.idle',
        '.events.idle',
        '.currencies.idle',
      ],
      actions: [
        'forgetFigures',
        assign(({ context }) => ({
          ...NOTHING_HELD,
          // Kept growing, so an answer to a request from before the clear is never taken as current.
          lastRequest: context.lastRequest,
        })),
      ],
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
    recovery: recoveryRegion,
  },
});
