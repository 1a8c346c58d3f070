// A portfolio's kind on its screen (issue 39): free, aktiesparekonto or pension. A choice is saved
// at once (PATCH /portfolios/{id} with its name and kind); the portfolios list is then stale. A
// lost session waits for the login and sends the same choice again.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import type { PortfolioKind } from '../../domain/tax/kinds';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import type { DataRef } from '../data/data.machine';
import {
  awaitingSession,
  sessionLostIn,
  sessionRestored,
  WAIT_FOR_SESSION,
  type FlowEvent,
  type SessionRef,
} from '../app/flow';
import { posted, type NoticesRef } from '../app/notices.machine';

export const KIND_SAVED = 'Portfolio kind saved';

export type PortfolioKindEvent =
  /** The select's choice, with the name the update carries unchanged. */
  { type: 'kind.chosen'; kind: PortfolioKind; name: string } | FlowEvent;

export interface PortfolioKindInput {
  api: Api;
  data: DataRef;
  session: SessionRef;
  notices: NoticesRef;
  portfolioId: Id;
}

export interface PortfolioKindContext extends PortfolioKindInput {
  chosen: { kind: PortfolioKind; name: string } | undefined;
  failure: string | undefined;
}

export const portfolioKindMachine = setup({
  types: {
    context: {} as PortfolioKindContext,
    events: {} as PortfolioKindEvent,
    input: {} as PortfolioKindInput,
    tags: {} as 'saving',
  },
  actors: {
    save: fromPromise<unknown, { api: Api; id: Id; kind: PortfolioKind; name: string }>(
      async ({ input }) =>
        (await input.api.reports()).setPortfolioKind(input.id, input.name, input.kind),
    ),
    sessionRestored,
  },
  actions: {
    listStale: sendTo(({ context }) => context.data, changed('portfolio.kindChanged')),
    confirm: sendTo(({ context }) => context.notices, posted(KIND_SAVED)),
  },
  guards: { sessionLost: sessionLostIn },
}).createMachine({
  id: 'portfolioKind',
  context: ({ input }) => ({ ...input, chosen: undefined, failure: undefined }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'kind.chosen': {
          target: 'saving',
          actions: assign({
            chosen: ({ event }) => ({ kind: event.kind, name: event.name }),
            failure: undefined,
          }),
        },
        'flow.detached': 'released',
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          api: context.api,
          id: context.portfolioId,
          kind: context.chosen?.kind ?? 'free',
          name: context.chosen?.name ?? '',
        }),
        onDone: { target: 'idle', actions: ['listStale', 'confirm'] },
        onError: [
          WAIT_FOR_SESSION,
          { target: 'idle', actions: assign({ failure: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    awaitingSession: awaitingSession('saving', { tags: 'saving', dropTo: 'released' }),
    released: { type: 'final' },
  },
});
