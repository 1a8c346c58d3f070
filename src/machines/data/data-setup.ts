// The data actor's names (STYLE point 2): its events, context and input, and the actions,
// guards and actors its config refers to (data.machine.ts, data-recovery.ts). The work itself is
// in plain modules: data-entries.ts, data-held.ts, data-loaders.ts, remembered-figures.ts.
import { assign, emit, enqueueActions, raise, setup, type ActorRef, type Snapshot } from 'xstate';
import type { Api } from '../../api';
import type { Id, Investment, Period, Portfolio, Transaction, User } from '../../domain/types';
import type { Change } from './changes';
import {
  answered,
  counted,
  failed,
  failedKeys,
  isNewest,
  lastReleased,
  loading,
  markedStale,
  released,
  settled,
} from './data-entries';
import { withAnswer, withoutInvestments, withoutPortfolio, type Store } from './data-held';
import {
  loadResource,
  watchReturn,
  type Failure,
  type LoadReport,
  type ReturnPorts,
} from './data-loaders';
import type { KeyValueStore } from '../app/platform';
import { forgetFigures, recalled, rememberHeld } from './remembered-figures';
import type { ResourceKey } from './resource-keys';

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

/** What the data actor tells those listening: the connection came back (a form's offline error goes). */
export type DataEmitted = { type: 'connection.restored' };

/** What flows need to reach the data actor: anything that accepts its events and emits its news. */
export type DataRef = ActorRef<Snapshot<unknown>, DataEvent, DataEmitted>;

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

export const dataSetup = setup({
  types: {
    context: {} as DataContext,
    events: {} as DataEvent,
    input: {} as DataInput,
    emitted: {} as DataEmitted,
  },
  actors: { loadResource, watchReturn },
  actions: {
    tellConnectionRestored: emit({ type: 'connection.restored' } as const),
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
