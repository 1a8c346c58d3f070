// The allocation's grouping on home or on a portfolio, remembered on this device per screen (as
// privacy mode is: nothing the server needs). A portfolio is not split by portfolio.
import { assign, setup } from 'xstate';
import { GROUPINGS, type Grouping } from '../domain/allocation';
import type { KeyValueStore } from './platform';

export type AllocationScope = 'home' | 'portfolio';

export const GROUPINGS_OF: Record<AllocationScope, readonly Grouping[]> = {
  home: GROUPINGS,
  portfolio: GROUPINGS.filter((g) => g !== 'portfolio'),
};

export const GROUPING_KEY: Record<AllocationScope, string> = {
  home: 'allocation_home',
  portfolio: 'allocation_portfolio',
};

export type AllocationEvent = { type: 'grouping.selected'; grouping: Grouping };

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
    offered: ({ context, event }) => GROUPINGS_OF[context.scope].includes(event.grouping),
  },
  actions: {
    writeGrouping: ({ context }) =>
      context.storage.set(GROUPING_KEY[context.scope], context.grouping),
  },
}).createMachine({
  id: 'allocation',
  context: ({ input }) => ({
    storage: input.storage,
    scope: input.scope,
    grouping: readGrouping(input.scope, input.storage.get(GROUPING_KEY[input.scope])),
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'grouping.selected': {
          guard: 'offered',
          actions: [assign({ grouping: ({ event }) => event.grouping }), 'writeGrouping'],
        },
      },
    },
  },
});
