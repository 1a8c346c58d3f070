// Everything the screens show, loaded per resource key (STYLE points 4, 6, 7; keys in
// resource-keys.ts). A view says which keys it needs (`resource.needed`) and when it no longer
// does (`resource.released`): a key is loaded when a view first needs it and what is held is not
// fresh, by a loader child of its own that goes once answered, replaced, or no longer needed.
// Nothing loads before a session starts (`session.open`). Flows announce what they changed;
// `STALE_AFTER` (changes.ts) says what that leaves stale: reloaded if needed, else marked stale.
// A failed load keeps what was held; `recovery` retries what failed of what views need.
import { assign, enqueueActions, not, raise, setup, type ActorRef, type Snapshot } from 'xstate';
import type { Api } from '../api';
import type { Id, Investment, Period, Portfolio, Transaction, User } from '../domain/types';
import { type Change, type Resource } from './changes';
import {
  answered,
  counted,
  failed,
  failedKeys,
  firstNeeded,
  isNewest,
  knownKeys,
  lastReleased,
  loading,
  needsLoad,
  released,
  markedStale,
  toReload,
  settled,
  staleAfter,
} from './data-entries';
import {
  NOTHING_HELD,
  withAnswer,
  withCreated,
  withoutInvestments,
  withoutPortfolio,
  type Store,
} from './data-held';
import {
  loadResource,
  watchReturn,
  type Failure,
  type LoadReport,
  type ReturnPorts,
} from './data-loaders';
import type { KeyValueStore } from './platform';
import { forgetFigures, recalled, rememberHeld } from './remembered-figures';
import type { ResourceKey } from './resource-keys';

export type { Entry, EntryStatus } from './data-entries';
export type { ResourceData } from './data-held';
export { failureOf, type Failure, type ReturnPorts } from './data-loaders';
export {
  chartKey,
  statsKey,
  type ChartRef,
  type ResourceKey,
  type StatsRef,
} from './resource-keys';

/** The id of a request's child: request numbers are unique across keys. */
const loaderId = (request: number) => `load-${request}`;

export type DataEvent =
  /** A session starts (or starts again): everything held is stale. */
  | { type: 'refresh.all' }
  /** Load one fixed resource now, needed or not. */
  | { type: 'refresh.user' }
  | { type: 'refresh.valuation' }
  | { type: 'refresh.portfolios' }
  | { type: 'refresh.investments' }
  | { type: 'refresh.events' }
  | { type: 'refresh.currencies' }
  /** A mounted view shows these keys; each `resource.needed` is ended by a `resource.released`. */
  | { type: 'resource.needed'; keys: readonly ResourceKey[] }
  | { type: 'resource.released'; keys: readonly ResourceKey[] }
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
  /** The session ended: everything held is forgotten, and nothing loads until the next. */
  | { type: 'data.cleared' }
  /** The period the server answers for from now on (its cookie is written). */
  | { type: 'period.changed'; period: Period }
  /** The screen's Retry: everything that failed, at once. */
  | { type: 'retry.requested' }
  | { type: 'connection.restored' }
  | { type: 'page.shown' }
  | LoadReport
  /** Raised by every failed load, for the recovery region. */
  | { type: 'load.failed'; failure: Failure };

/** What flows need to reach the data actor: anything that accepts its events. */
export type DataRef = ActorRef<Snapshot<unknown>, DataEvent>;

/** The data actor a long-lived child was given, else the one registered as 'data' in its system. */
export function dataOf(given: DataRef | undefined, system: { get(id: string): unknown }): DataRef {
  return given ?? (system.get('data') as DataRef);
}

export interface DataInput {
  api: Api;
  /** The connection and the tab coming back; without it (headless tests) only Retry retries. */
  platform?: ReturnPorts;
  /** Where the figures home shows first are kept for the next visit; without it, nowhere. */
  figures?: KeyValueStore;
}

export type DataContext = Store & {
  api: Api;
  platform: ReturnPorts | undefined;
  figures: KeyValueStore | undefined;
  /** The period the server answers for now; each answer records the one it was asked in. */
  period: Period | undefined;
  lastRequest: number;
  /** The newest failure, for the screen's one message. */
  failure: Failure | undefined;
  /** Seconds left before a throttled retry. */
  countdown: number;
};

const dataSetup = setup({
  types: {
    context: {} as DataContext,
    events: {} as DataEvent,
    input: {} as DataInput,
  },
  actors: { loadResource, watchReturn },
  actions: {
    /** Asks for each key now; a load still running for it is stopped, its answer dropped. */
    load: enqueueActions(({ context, enqueue }, params: { keys: readonly string[] }) => {
      let request = context.lastRequest;
      const entries = { ...context.entries };
      for (const key of new Set(params.keys)) {
        const previous = entries[key];
        if (previous?.status === 'loading') enqueue.stopChild(loaderId(previous.request));
        request += 1;
        enqueue.spawnChild('loadResource', {
          id: loaderId(request),
          input: { api: context.api, key, request, period: context.period },
        });
        entries[key] = loading(previous, request);
      }
      enqueue.assign({ lastRequest: request, entries });
    }),
    /** Counts the views that need the event's keys. */
    countNeeds: assign({
      needs: ({ context, event }) =>
        event.type === 'resource.needed' ? counted(context.needs, event.keys, 1) : context.needs,
    }),
    /** Counts the views that went; a key no view needs has its load stopped. */
    release: enqueueActions(({ context, enqueue, event }) => {
      if (event.type !== 'resource.released') return;
      const gone = lastReleased(context.needs, event.keys);
      for (const key of gone) {
        const entry = context.entries[key];
        if (entry?.status === 'loading') enqueue.stopChild(loaderId(entry.request));
      }
      enqueue.assign({
        needs: counted(context.needs, event.keys, -1),
        entries: released(context.entries, gone),
      });
    }),
    /** Marks stale what is held of `keys`, unless loading or failed (then asked for anyway). */
    markStale: assign(({ context }, params: { keys: readonly string[] }) => ({
      entries: markedStale(context.entries, params.keys),
    })),
    store: assign(({ context, event }) => {
      if (event.type !== 'resource.loaded') return {};
      return {
        ...withAnswer(context, event.key, event.answer),
        entries: settled(context.entries, event.key, event.request, answered(event.period)),
      };
    }),
    fail: assign(({ context, event }) => {
      if (event.type !== 'resource.failed') return {};
      const fail = failed(event.failure.message);
      return { entries: settled(context.entries, event.key, event.request, fail) };
    }),
    /** A request has answered: its child goes. */
    stopLoader: enqueueActions(({ enqueue, event }) => {
      if ('request' in event) enqueue.stopChild(loaderId(event.request));
    }),
    dropInvestment: assign(({ context }, params: { id: Id }) =>
      withoutInvestments(context, [params.id]),
    ),
    dropPortfolio: assign(({ context }, params: { id: Id }) =>
      withoutPortfolio(context, params.id),
    ),
    /** The last visit's figures, for what is not held yet (stale, so asked for again). */
    recallFigures: assign(({ context }) =>
      context.figures ? recalled(context.figures, context) : {},
    ),
    rememberHeld: ({ context }, params: { resources: readonly string[] }) => {
      if (context.figures) rememberHeld(context.figures, context, params.resources);
    },
    forgetFigures: ({ context }) => {
      if (context.figures) forgetFigures(context.figures);
    },
    reportFailure: raise(({ event }) => ({
      type: 'load.failed' as const,
      failure:
        event.type === 'resource.failed' ? event.failure : { message: 'Something went wrong.' },
    })),
    noteFailure: assign({
      failure: ({ event }) => (event.type === 'load.failed' ? event.failure : undefined),
    }),
    forgetFailure: assign({ failure: undefined }),
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
    isNewest: ({ context, event }) =>
      'request' in event && isNewest(context.entries, event.key, event.request),
    somethingFailed: ({ context }) => failedKeys(context.entries, context.needs).length > 0,
    throttled: ({ event }) => event.type === 'load.failed' && (event.failure.retryAfter ?? 0) >= 1,
    countdownRunning: ({ context }) => context.countdown > 1,
  },
  delays: { tick: 1000 },
});

type Args = { context: DataContext; event: DataEvent };

/** Stale keys: loaded now if a view needs them (or they are loading), else marked stale. */
const reload = (keysOf: (args: Args) => string[]) =>
  [
    {
      type: 'load',
      params: (args: Args) => ({
        keys: toReload(keysOf(args), args.context.entries, args.context.needs),
      }),
    },
    { type: 'markStale', params: (args: Args) => ({ keys: keysOf(args) }) },
  ] as const;

/** Reloads what `change` leaves stale. */
const reloadAfter = (change: Change) =>
  reload(({ context }) => staleAfter(change, context.entries, context.needs));

/** Keeps what is held of `resources` for the next visit. */
const remember = (...resources: Resource[]) =>
  ({ type: 'rememberHeld', params: { resources } }) as const;

const refresh = (resource: Resource) =>
  ({ actions: { type: 'load', params: { keys: [resource] } } }) as const;

/** A session opened (again): the last visit's figures recalled, and everything held stale. */
const START_SESSION = [
  'recallFigures',
  ...reload(({ context }) => knownKeys(context.entries, context.needs)),
] as const;

/** Everything that failed of what views need, asked for again. */
const RETRY_FAILED = {
  type: 'load',
  params: ({ context }: Args) => ({ keys: failedKeys(context.entries, context.needs) }),
} as const;

const DROP_INVESTMENT = [
  { type: 'dropInvestment', params: ({ event }: { event: { id: Id } }) => ({ id: event.id }) },
  remember('investments'),
] as const;

const DROP_PORTFOLIO = [
  { type: 'dropPortfolio', params: ({ event }: { event: { id: Id } }) => ({ id: event.id }) },
  remember('portfolios', 'investments'),
] as const;

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
        'retry.requested': { target: '.waiting', actions: RETRY_FAILED },
        'load.failed': { actions: 'noteFailure' },
      },
      states: {
        waiting: {
          invoke: { src: 'watchReturn', input: ({ context }) => ({ platform: context.platform }) },
          on: {
            'connection.restored': { actions: RETRY_FAILED },
            'page.shown': { actions: RETRY_FAILED },
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
                  { target: '#data.recovery.failing.waiting', actions: RETRY_FAILED },
                ],
              },
            },
          },
        },
      },
    },
  },
});

export const dataMachine = dataSetup.createMachine({
  id: 'data',
  type: 'parallel',
  context: ({ input }) => ({
    api: input.api,
    platform: input.platform,
    figures: input.figures,
    period: undefined,
    ...NOTHING_HELD,
    needs: {},
    lastRequest: 0,
    failure: undefined,
    countdown: 0,
  }),
  on: {
    'refresh.user': refresh('user'),
    'refresh.valuation': refresh('valuation'),
    'refresh.portfolios': refresh('portfolios'),
    'refresh.investments': refresh('investments'),
    'refresh.events': refresh('events'),
    'refresh.currencies': refresh('currencies'),
    'resource.released': { actions: 'release' },
    'resource.loaded': [
      {
        guard: 'isNewest',
        actions: [
          'stopLoader',
          'store',
          {
            type: 'rememberHeld',
            params: ({ event }) => ({ resources: [event.key] }),
          },
        ],
      },
      // An answer to a request replaced, dropped or no longer needed: only its child goes.
      { actions: 'stopLoader' },
    ],
    'resource.failed': [
      { guard: 'isNewest', actions: ['stopLoader', 'fail', 'reportFailure'] },
      { actions: 'stopLoader' },
    ],
    'period.changed': [
      {
        // The first period told is the one the session starts with: nothing held is stale.
        guard: ({ context, event }) =>
          context.period !== undefined && context.period !== event.period,
        actions: [
          assign({ period: ({ event }) => event.period }),
          ...reloadAfter('period.changed'),
        ],
      },
      { actions: assign({ period: ({ event }) => event.period }) },
    ],
    'data.changed': {
      actions: reload(({ context, event }) =>
        event.type === 'data.changed'
          ? staleAfter(event.change, context.entries, context.needs)
          : [],
      ),
    },
    'event.created': {
      actions: [
        assign({
          events: ({ context, event }) => withCreated(context.events, event.event, 'first'),
        }),
        ...reloadAfter('event.created'),
      ],
    },
    'investment.created': {
      actions: [
        assign({
          investments: ({ context, event }) =>
            withCreated(context.investments, event.investment, 'last'),
        }),
        remember('investments'),
        ...reloadAfter('investment.created'),
      ],
    },
    'portfolio.created': {
      actions: [
        assign({
          portfolios: ({ context, event }) =>
            withCreated(context.portfolios, event.portfolio, 'last'),
        }),
        remember('portfolios'),
        ...reloadAfter('portfolio.created'),
      ],
    },
    'investment.hidden': { actions: DROP_INVESTMENT },
    'portfolio.hidden': { actions: DROP_PORTFOLIO },
    'investment.deleted': { actions: [...DROP_INVESTMENT, ...reloadAfter('investment.deleted')] },
    'portfolio.deleted': { actions: [...DROP_PORTFOLIO, ...reloadAfter('portfolio.deleted')] },
    'user.updated': {
      actions: [assign({ user: ({ event }) => event.user }), remember('user')],
    },
    'data.cleared': {
      target: '.session.closed',
      actions: [
        'forgetFigures',
        // What views need stays: they are still mounted. Request numbers keep growing, so an
        // answer to a request from before the clear is never taken as current.
        assign(NOTHING_HELD),
      ],
    },
  },
  states: {
    session: {
      initial: 'closed',
      states: {
        closed: {
          description: 'No session: what views need is counted, and loaded once one starts.',
          on: {
            'resource.needed': { actions: 'countNeeds' },
            'refresh.all': { target: 'open', actions: START_SESSION },
          },
        },
        open: {
          on: {
            'resource.needed': {
              // What no view needed before and is not fresh, loaded; then counted.
              actions: [
                {
                  type: 'load',
                  params: ({ context, event }) => ({
                    keys: firstNeeded(context.needs, event.keys).filter((key) =>
                      needsLoad(context.entries[key]),
                    ),
                  }),
                },
                'countNeeds',
              ],
            },
            'refresh.all': { actions: START_SESSION },
          },
        },
      },
    },
    recovery: recoveryRegion,
  },
});
