// The splits and dividends the provider reports that an investment has not recorded: offered
// above its transactions, never applied by themselves. Record opens the Stock Split or Dividend
// form filled in from the suggestion; once the event is recorded the server no longer offers it,
// and the list is read again (the investment's events are watched). Dismiss asks the server to
// stop offering it, and it goes from the list.
import { assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { Api, Suggestion, SuggestionRef } from '../../api';
import { messageOf } from '../../api/errors';
import type { Id } from '../../domain/types';
import type { DataRef } from '../data/data.machine';
import * as flow from '../app/flow';
import { watchEvents, type EventsSeen, type EventsSource } from '../data/investment-events';
import { posted, type NoticesRef } from '../app/notices.machine';

export type SuggestionsEvent =
  | { type: 'suggestion.dismissed'; suggestion: SuggestionRef }
  /** The investment now takes its prices, and its splits and dividends, from another listing. */
  | { type: 'listing.changed' }
  | EventsSeen
  | flow.FlowEvent;

export interface SuggestionsInput {
  api: Api;
  data: DataRef & EventsSource;
  session: flow.SessionRef;
  notices: NoticesRef;
  investmentId: Id;
}

export interface SuggestionsContext extends SuggestionsInput {
  /** Newest first, as the API gives them. */
  suggestions: Suggestion[];
  /** The one being dismissed. */
  dismissing: SuggestionRef | undefined;
  /** False once the view has gone: a dismissal in flight finishes, then the flow ends. */
  attached: boolean;
}

/** "The suggestion could not be dismissed. The server had a problem. …" */
export function notDismissedNotice(message: string): string {
  return `The suggestion could not be dismissed. ${message}`;
}

/** The overlay mode of a suggestion's Record: `record:split:2024-06-10`. */
const RECORD_PREFIX = 'record:';

export function recordMode(suggestion: SuggestionRef): string {
  return `${RECORD_PREFIX}${suggestion.kind}:${suggestion.date}`;
}

/** The suggestion an overlay mode records; undefined for another mode. */
export function recordedBy(mode: string | undefined): SuggestionRef | undefined {
  const [kind, date] = mode?.startsWith(RECORD_PREFIX)
    ? mode.slice(RECORD_PREFIX.length).split(':')
    : [];
  return (kind === 'split' || kind === 'dividend') && date ? { kind, date } : undefined;
}

/** The suggestion itself, while it is offered. */
export function offered(
  ref: SuggestionRef | undefined,
  suggestions: readonly Suggestion[],
): Suggestion | undefined {
  return ref && suggestions.find((s) => s.kind === ref.kind && s.date === ref.date);
}

export const suggestionsMachine = setup({
  types: {
    context: {} as SuggestionsContext,
    events: {} as SuggestionsEvent,
    input: {} as SuggestionsInput,
    tags: {} as 'dismissing',
  },
  actors: {
    listSuggestions: fromPromise<Suggestion[], { api: Api; investmentId: Id }>(({ input }) =>
      input.api.prices().then((calls) => calls.getSuggestions(input.investmentId)),
    ),
    dismiss: fromPromise<void, { api: Api; investmentId: Id; suggestion: SuggestionRef }>(
      ({ input }) =>
        input.api
          .prices()
          .then((calls) => calls.dismissSuggestion(input.investmentId, input.suggestion)),
    ),
    watchEvents,
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    show: assign((_, params: { suggestions: Suggestion[] }) => ({
      suggestions: params.suggestions,
    })),
    hide: assign({ suggestions: [] }),
    noteDismissing: assign((_, params: { suggestion: SuggestionRef }) => ({
      dismissing: { kind: params.suggestion.kind, date: params.suggestion.date },
    })),
    drop: assign(({ context }) => ({
      suggestions: context.suggestions.filter(
        (s) => s !== offered(context.dismissing, context.suggestions),
      ),
      dismissing: undefined,
    })),
    reportNotDismissed: sendTo(
      ({ context }) => context.notices,
      (_, params: { error: unknown }) => posted(notDismissedNotice(messageOf(params.error))),
    ),
    forget: assign({ dismissing: undefined }),
    detach: assign({ attached: false }),
  },
  guards: {
    eventsChanged: ({ event }) => event.type === 'events.seen' && event.changed,
    detached: ({ context }) => !context.attached,
    sessionLost: flow.sessionLostIn,
  },
}).createMachine({
  id: 'suggestions',
  context: ({ input }) => ({
    ...input,
    suggestions: [],
    dismissing: undefined,
    attached: true,
  }),
  initial: 'loading',
  invoke: {
    src: 'watchEvents',
    input: ({ context }) => ({ data: context.data, investmentId: context.investmentId }),
  },
  on: { 'flow.detached': '.released' },
  states: {
    loading: {
      invoke: {
        src: 'listSuggestions',
        input: ({ context }) => ({ api: context.api, investmentId: context.investmentId }),
        onDone: {
          target: 'shown',
          actions: { type: 'show', params: ({ event }) => ({ suggestions: event.output }) },
        },
        // Suggestions are hints: a backend without them, or a failure, shows none.
        onError: { target: 'shown', actions: 'hide' },
      },
      on: {
        'events.seen': { guard: 'eventsChanged', target: 'loading', reenter: true },
        'listing.changed': { target: 'loading', reenter: true },
      },
    },
    shown: {
      on: {
        'suggestion.dismissed': {
          target: 'dismissing',
          actions: { type: 'noteDismissing', params: ({ event }) => event },
        },
        'events.seen': { guard: 'eventsChanged', target: 'loading' },
        'listing.changed': 'loading',
      },
    },
    dismissing: {
      tags: 'dismissing',
      // The call finishes without its view, so the server stops offering it either way.
      on: { 'flow.detached': { actions: 'detach' } },
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            src: 'dismiss',
            input: ({ context }) => ({
              api: context.api,
              investmentId: context.investmentId,
              // Only a dismissal leads here, and it noted which.
              suggestion: context.dismissing!,
            }),
            onDone: { target: '#suggestions.settled', actions: 'drop' },
            onError: [
              flow.WAIT_FOR_SESSION,
              {
                target: '#suggestions.settled',
                actions: [{ type: 'reportNotDismissed', params: ({ event }) => event }, 'forget'],
              },
            ],
          },
        },
        awaitingSession: flow.awaitingSession('calling', { dropTo: '#suggestions.released' }),
      },
    },
    settled: {
      always: [{ guard: 'detached', target: 'released' }, { target: 'shown' }],
    },
    released: { type: 'final' },
  },
});

export type SuggestionsSnapshot = SnapshotFrom<typeof suggestionsMachine>;
