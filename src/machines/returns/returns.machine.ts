// The returns section of home, a portfolio or an investment: the span its figures are over (the
// selected period, or a calendar year picked here) and whether its monthly table is open.
import { assign, setup } from 'xstate';

export type ReturnsEvent =
  /** `year` undefined: back to the selected period. */
  { type: 'span.selected'; year?: number } | { type: 'monthly.shown' } | { type: 'monthly.folded' };

export interface ReturnsContext {
  /** A calendar year instead of the selected period. */
  year: number | undefined;
}

export const returnsMachine = setup({
  types: {
    context: {} as ReturnsContext,
    events: {} as ReturnsEvent,
  },
  actions: {
    keepSpan: assign({
      year: ({ event }) => (event.type === 'span.selected' ? event.year : undefined),
    }),
  },
}).createMachine({
  id: 'returns',
  context: { year: undefined },
  initial: 'folded',
  on: { 'span.selected': { actions: 'keepSpan' } },
  states: {
    folded: {
      description: 'The monthly table is closed: it is long, and most visits want the totals.',
      on: { 'monthly.shown': 'monthly' },
    },
    monthly: { on: { 'monthly.folded': 'folded' } },
  },
});
