// Profile → Benchmark (issue 38): the instrument the charts compare the user's money with. It
// shows the one the server has (GET /user/benchmark, the default until one is picked), searches
// instruments as Add investment's name field does (its search machine, as a child), and saves a
// pick (PUT /user/benchmark); the charts, whose benchmark line changes, are then stale.
import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import type { Instrument } from '../../domain/market';
import type { Benchmark } from '../../domain/types';
import { changed } from '../data/changes';
import type { DataRef } from '../data/data.machine';
import type { FlowEvent } from '../app/flow';
import { instrumentSearchMachine } from '../investments';

/** A toast-like line under the section once a pick is saved. */
export const BENCHMARK_SAVED = 'Benchmark saved';

export type BenchmarkEvent =
  /** The search field was typed in. */
  | { type: 'benchmark.typed'; query: string }
  /** A suggestion was picked. */
  | { type: 'benchmark.chosen'; instrument: Instrument }
  | FlowEvent;

export interface BenchmarkInput {
  api: Api;
  data: DataRef;
}

export interface BenchmarkContext extends BenchmarkInput {
  /** The server's benchmark; undefined until it has answered. */
  benchmark: Benchmark | undefined;
  query: string;
  search: ActorRefFrom<typeof instrumentSearchMachine>;
  /** Why the last load or save failed, or that it saved. */
  notice: string | undefined;
}

export const benchmarkMachine = setup({
  types: {
    context: {} as BenchmarkContext,
    events: {} as BenchmarkEvent,
    input: {} as BenchmarkInput,
    tags: {} as 'loading' | 'saving',
  },
  actors: {
    instrumentSearch: instrumentSearchMachine,
    load: fromPromise<Benchmark, { api: Api }>(({ input }) => input.api.getBenchmark()),
    save: fromPromise<Benchmark, { api: Api; instrument: Instrument }>(({ input }) =>
      input.api.setBenchmark({ type: input.instrument.type, isin: input.instrument.code }),
    ),
  },
  actions: {
    search: sendTo(
      ({ context }) => context.search,
      ({ context }) => ({ type: 'search.typed' as const, query: context.query }),
    ),
    closeSuggestions: sendTo(({ context }) => context.search, { type: 'search.dismissed' }),
    chartsStale: sendTo(({ context }) => context.data, changed('benchmark.changed')),
  },
}).createMachine({
  id: 'benchmark',
  context: ({ input, spawn }) => ({
    ...input,
    benchmark: undefined,
    query: '',
    notice: undefined,
    search: spawn('instrumentSearch', { id: 'search', input: { api: input.api } }),
  }),
  initial: 'loading',
  on: {
    'flow.detached': '.released',
    'benchmark.typed': {
      actions: [assign({ query: ({ event }) => event.query, notice: undefined }), 'search'],
    },
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'ready', actions: assign({ benchmark: ({ event }) => event.output }) },
        onError: {
          target: 'ready',
          actions: assign({ notice: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    ready: {
      on: { 'benchmark.chosen': 'saving' },
    },
    saving: {
      tags: 'saving',
      entry: 'closeSuggestions',
      invoke: {
        src: 'save',
        input: ({ context, event }) => ({
          api: context.api,
          instrument: (event as Extract<BenchmarkEvent, { type: 'benchmark.chosen' }>).instrument,
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              benchmark: ({ event }) => event.output,
              query: '',
              notice: BENCHMARK_SAVED,
            }),
            'chartsStale',
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ notice: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    released: { type: 'final' },
  },
});
