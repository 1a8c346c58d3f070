// The allocation on home or on a portfolio: folded until asked for (its legend repeats the names
// and values of the screen's own tables), and its grouping; both remembered on this device per
// screen (as privacy mode is: nothing the server needs). A portfolio is not split by portfolio.
import { assign, setup } from 'xstate';
import { GROUPINGS, type Grouping } from '../../domain/allocation';
import type { KeyValueStore } from '../app/platform';

export type AllocationScope = 'home' | 'portfolio';

export const GROUPINGS_OF: Record<AllocationScope, readonly Grouping[]> = {
  home: GROUPINGS,
  portfolio: GROUPINGS.filter((g) => g !== 'portfolio'),
};

export const GROUPING_KEY: Record<AllocationScope, string> = {
  home: 'allocation_home',
  portfolio: 'allocation_portfolio',
};

export const SHOWN_KEY: Record<AllocationScope, string> = {
  home: 'allocation_home_shown',
  portfolio: 'allocation_portfolio_shown',
};

export type AllocationEvent =
  | { type: 'grouping.selected'; grouping: Grouping }
  | { type: 'allocation.shown' }
  | { type: 'allocation.folded' };

export interface AllocationInput {
  storage: KeyValueStore;
  scope: AllocationScope;
}

export interface AllocationContext {
  storage: KeyValueStore;
  scope: AllocationScope;
  grouping: Grouping;
}

/** The stored grouping when the screen offers it, else the screen's first. */
export function readGrouping(scope: AllocationScope, stored: string | null): Grouping {
  const offered = GROUPINGS_OF[scope];
  return offered.find((g) => g === stored) ?? offered[0];
}

export const allocationMachine = setup({
  types: {
    context: {} as AllocationContext,
    events: {} as AllocationEvent,
    input: {} as AllocationInput,
  },
  guards: {
    offered: ({ context }, params: { grouping: Grouping }) =>
      GROUPINGS_OF[context.scope].includes(params.grouping),
    rememberedShown: ({ context }) => context.storage.get(SHOWN_KEY[context.scope]) === 'true',
  },
  actions: {
    writeGrouping: ({ context }) =>
      context.storage.set(GROUPING_KEY[context.scope], context.grouping),
    writeShown: ({ context }, params: { shown: boolean }) =>
      context.storage.set(SHOWN_KEY[context.scope], String(params.shown)),
  },
}).createMachine({
  id: 'allocation',
  context: ({ input }) => ({
    storage: input.storage,
    scope: input.scope,
    grouping: readGrouping(input.scope, input.storage.get(GROUPING_KEY[input.scope])),
  }),
  initial: 'starting',
  on: {
    'grouping.selected': {
      guard: { type: 'offered', params: ({ event }) => ({ grouping: event.grouping }) },
      actions: [assign({ grouping: ({ event }) => event.grouping }), 'writeGrouping'],
    },
  },
  states: {
    starting: {
      always: [{ guard: 'rememberedShown', target: 'shown' }, { target: 'folded' }],
    },
    folded: {
      on: {
        'allocation.shown': {
          target: 'shown',
          actions: { type: 'writeShown', params: { shown: true } },
        },
      },
    },
    shown: {
      on: {
        'allocation.folded': {
          target: 'folded',
          actions: { type: 'writeShown', params: { shown: false } },
        },
      },
    },
  },
});
