// The Income screen at /income: a year's dividends (GET /api/v1/income), read again when another
// year is picked; a failure keeps the year and offers Retry.
import { assign, fromPromise, setup } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import type { Income } from '../../domain/types';

export type IncomeEvent = { type: 'year.selected'; year: number } | { type: 'income.retried' };

export interface IncomeInput {
  api: Api;
  /** The year shown first; this year (the server's) when absent. */
  year?: number;
}

export interface IncomeContext {
  api: Api;
  year: number | undefined;
  income: Income | undefined;
  failure: string | undefined;
}

export const incomeMachine = setup({
  types: {
    context: {} as IncomeContext,
    events: {} as IncomeEvent,
    input: {} as IncomeInput,
    tags: {} as 'loading',
  },
  actors: {
    loadIncome: fromPromise(({ input }: { input: { api: Api; year: number | undefined } }) =>
      input.api.getIncome(input.year),
    ),
  },
  actions: {
    pickYear: assign((_, { year }: { year: number }) => ({ year })),
  },
}).createMachine({
  id: 'income',
  context: ({ input }) => ({
    api: input.api,
    year: input.year,
    income: undefined,
    failure: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ failure: undefined }),
      invoke: {
        src: 'loadIncome',
        input: ({ context }) => ({ api: context.api, year: context.year }),
        onDone: {
          target: 'shown',
          actions: assign(({ event }) => ({ income: event.output, year: event.output.year })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({ failure: messageOf(event.error) })),
        },
      },
    },
    shown: {},
    failed: {
      on: { 'income.retried': 'loading' },
    },
  },
  on: {
    'year.selected': {
      target: '.loading',
      actions: { type: 'pickYear', params: ({ event }) => ({ year: event.year }) },
    },
  },
});
