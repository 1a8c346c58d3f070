// Everything the screens show, loaded per resource key (STYLE points 4, 6, 7; keys in
// resource-keys.ts). A view says which keys it needs (`resource.needed`) and when it no longer
// does (`resource.released`): a key is loaded when a view first needs it and what is held is not
// fresh, by a loader child of its own that goes once answered, replaced, or no longer needed.
// Nothing loads before a session starts (`session.open`). Flows announce what they changed;
// `STALE_AFTER` (changes.ts) says what that leaves stale: reloaded if needed, else marked stale.
// A failed load keeps what was held; `recovery` retries what failed of what views need.
// Names are set up in data-setup.ts; the work is in plain modules beside it.
import { assign } from 'xstate';
import type { Id } from '../../domain/types';
import type { Change, Resource } from './changes';
import { firstNeeded, knownKeys, needsLoad, staleAfter, toReload } from './data-entries';
import { NOTHING_HELD, withCreated } from './data-held';
import { recoveryRegion } from './data-recovery';
import { keysOfPaths } from './resource-keys';
import { dataSetup, type DataContext, type DataEvent } from './data-setup';

export type { Entry, EntryStatus } from './data-entries';
export type { ResourceData } from './data-held';
export { failureOf, type Failure, type ReturnPorts } from './data-loaders';
export {
  dataOf,
  type DataContext,
  type DataEvent,
  type DataInput,
  type DataRef,
} from './data-setup';
export {
  chartKey,
  performanceKey,
  statsKey,
  type ChartRef,
  type PerformanceRef,
  type ResourceKey,
  type StatsRef,
} from './resource-keys';

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

/**
 * A session opened (again): the last visit's figures recalled, and everything held stale. The
 * answers the page came with are taken at once, before any view needs them, so the first screen's
 * first render has them (a render of skeletons first cost 0.36 s at 4x CPU, issue 37).
 */
const START_SESSION = [
  'recallFigures',
  ...reload(({ context }) => knownKeys(context.entries, context.needs)),
  {
    type: 'load',
    params: ({ context }: Args) => ({ keys: keysOfPaths(context.api.firstAnswered()) }),
  },
] as const;

const DROP_INVESTMENT = [
  { type: 'dropInvestment', params: ({ event }: { event: { id: Id } }) => ({ id: event.id }) },
  remember('investments'),
] as const;

const DROP_PORTFOLIO = [
  { type: 'dropPortfolio', params: ({ event }: { event: { id: Id } }) => ({ id: event.id }) },
  remember('portfolios', 'investments'),
] as const;

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
  // Always watched: the recovery region retries on the connection's return while something
  // failed, and every save flow hears it (its offline error goes) whether or not anything did.
  invoke: {
    id: 'returns',
    src: 'watchReturn',
    input: ({ context }) => ({ platform: context.platform }),
  },
  on: {
    'connection.restored': { actions: 'tellConnectionRestored' },
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
