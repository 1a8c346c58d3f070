// Add investment's suggestions: the catalogue searched by what is typed in Name, 300 ms after
// the last keystroke, and looked up by an identifier the form found valid. The search call is
// Formue's own (GET /instruments): a backend without it answers 404, and from then on this
// form offers nothing and asks nothing, so the fields work as plain fields.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { Api } from '../../api';
import { normaliseIdentifier } from '../../domain/isin';
import { foldSearchText } from '../../domain/instrument-search';
import type { Instrument, SuggestedInstrument } from '../../domain/market';
import type { InstrumentType } from '../../domain/types';
import { isMissingCall } from '../app/flow';

export const SEARCH_DEBOUNCE_MS = 300;
/** Fewer characters than this match too much to be worth a call. */
export const MIN_SEARCH_LENGTH = 2;

export type InstrumentSearchEvent =
  /** Name was typed in. */
  | { type: 'search.typed'; query: string }
  /** The identifier field holds a code the backend accepted: find its instrument. */
  | { type: 'search.identified'; code: string; instrumentType: InstrumentType }
  /** Arrow keys over the open list; the index wraps around. */
  | { type: 'search.moved'; by: 1 | -1 }
  /** Escape, focus gone, or a suggestion chosen. */
  | { type: 'search.dismissed' };

/** Sent to the parent when a valid identifier's instrument is found. */
export interface InstrumentIdentified {
  type: 'instrument.identified';
  instrument: Instrument;
}

export interface InstrumentSearchInput {
  api: Api;
}

export interface InstrumentSearchContext {
  api: Api;
  query: string;
  suggestions: readonly SuggestedInstrument[];
  /** The highlighted suggestion (aria-activedescendant), -1 for none. */
  active: number;
  /** The identifier being looked up. */
  lookup: { code: string; instrumentType: InstrumentType };
}

/** The answer's entry for exactly the code and type looked up (a search also finds others). */
function findLookedUp(
  context: InstrumentSearchContext,
  found: readonly SuggestedInstrument[],
): Instrument | undefined {
  const { code, instrumentType } = context.lookup;
  return found.find(
    (i): i is Instrument =>
      i.code !== null && i.type === instrumentType && normaliseIdentifier(i.code) === code,
  );
}

export const instrumentSearchMachine = setup({
  types: {
    context: {} as InstrumentSearchContext,
    events: {} as InstrumentSearchEvent,
    input: {} as InstrumentSearchInput,
    tags: {} as 'open' | 'searching',
  },
  actors: {
    search: fromPromise<SuggestedInstrument[], { api: Api; query: string }>(({ input }) =>
      input.api.searchInstruments(input.query),
    ),
  },
  actions: {
    clear: assign({ suggestions: [], active: -1 }),
    reportIdentified: sendParent((_, params: { instrument: Instrument }): InstrumentIdentified => ({
      type: 'instrument.identified',
      instrument: params.instrument,
    })),
  },
  guards: {
    tooShort: ({ context }) => foldSearchText(context.query).length < MIN_SEARCH_LENGTH,
    missingCall: ({ event }) => 'error' in event && isMissingCall(event.error),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'instrumentSearch',
  context: ({ input }) => ({
    api: input.api,
    query: '',
    suggestions: [],
    active: -1,
    lookup: { code: '', instrumentType: 'stock' },
  }),
  initial: 'available',
  states: {
    available: {
      initial: 'closed',
      on: {
        'search.typed': {
          target: '.routing',
          reenter: true,
          actions: assign({ query: ({ event }) => event.query }),
        },
        'search.identified': {
          target: '.identifying',
          reenter: true,
          actions: assign({
            lookup: ({ event }) => ({
              code: normaliseIdentifier(event.code),
              instrumentType: event.instrumentType,
            }),
          }),
        },
        'search.dismissed': { target: '.closed' },
      },
      states: {
        closed: { entry: 'clear' },
        routing: {
          always: [{ guard: 'tooShort', target: 'closed' }, { target: 'debouncing' }],
        },
        debouncing: {
          after: { debounce: 'searching' },
        },
        searching: {
          tags: 'searching',
          invoke: {
            src: 'search',
            input: ({ context }) => ({ api: context.api, query: context.query }),
            onDone: [
              {
                guard: ({ event }) => event.output.length > 0,
                target: 'open',
                actions: assign({ suggestions: ({ event }) => event.output, active: -1 }),
              },
              { target: 'closed' },
            ],
            onError: [
              { guard: 'missingCall', target: '#instrumentSearch.unavailable' },
              // Suggestions are a help, not the form: a failure shows none and says nothing.
              { target: 'closed' },
            ],
          },
        },
        open: {
          tags: 'open',
          on: {
            'search.moved': {
              actions: assign({
                active: ({ context, event }) => {
                  const count = context.suggestions.length;
                  if (context.active < 0) return event.by === 1 ? 0 : count - 1;
                  return (context.active + event.by + count) % count;
                },
              }),
            },
          },
        },
        identifying: {
          description: 'Looks up the instrument of a code the backend accepted.',
          entry: 'clear',
          invoke: {
            src: 'search',
            input: ({ context }) => ({ api: context.api, query: context.lookup.code }),
            onDone: [
              {
                guard: ({ context, event }) => findLookedUp(context, event.output) !== undefined,
                target: 'closed',
                actions: {
                  type: 'reportIdentified',
                  params: ({ context, event }) => ({
                    instrument: findLookedUp(context, event.output)!,
                  }),
                },
              },
              { target: 'closed' },
            ],
            onError: [
              { guard: 'missingCall', target: '#instrumentSearch.unavailable' },
              { target: 'closed' },
            ],
          },
        },
      },
    },
    unavailable: {
      description: 'The backend has no search call: no suggestions, no lookups.',
      entry: 'clear',
    },
  },
});
