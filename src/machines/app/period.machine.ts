// The selected period (product-spec sections 3 and 4): a cookie the server reads, so the cookie is
// written before the refresh that needs it.
import { assign, sendTo, setup } from 'xstate';
import { DEFAULT_PERIOD, PERIODS, type Period } from '../../domain/types';
import { dataOf, type DataRef } from '../data/data.machine';
import type { Platform } from './platform';

export const PERIOD_COOKIE = 'selected_period';

export type PeriodEvent = { type: 'period.selected'; period: Period };

export interface PeriodInput {
  platform: Platform;
  /** Defaults to the actor registered as 'data' in the system. */
  data?: DataRef;
}

export interface PeriodContext {
  platform: Platform;
  data: DataRef | undefined;
  period: Period;
}

export function readPeriod(value: string | undefined): Period {
  return PERIODS.find((p) => p === value) ?? DEFAULT_PERIOD;
}

export const periodMachine = setup({
  types: {
    context: {} as PeriodContext,
    events: {} as PeriodEvent,
    input: {} as PeriodInput,
  },
  actions: {
    writeCookie: ({ context }) => context.platform.cookies.set(PERIOD_COOKIE, context.period),
    // Data records which period each answer is for, so figures keep their own period's words.
    tellData: sendTo(
      ({ context, system }) => dataOf(context.data, system),
      ({ context }) => ({ type: 'period.changed' as const, period: context.period }),
    ),
  },
}).createMachine({
  id: 'period',
  context: ({ input }) => ({
    platform: input.platform,
    data: input.data,
    period: readPeriod(input.platform.cookies.get(PERIOD_COOKIE)),
  }),
  // The server reads the cookie, so it holds the period from the start (normalised, and kept for
  // a year from the last visit).
  entry: ['writeCookie', 'tellData'],
  initial: 'ready',
  states: {
    ready: {
      on: {
        'period.selected': {
          actions: [assign({ period: ({ event }) => event.period }), 'writeCookie', 'tellData'],
        },
      },
    },
  },
});
