// Inline rename of a table row (product-spec section 2 "Tables", decisions.md section 6): one
// actor per table. A long press starts editing a row; focus loss or submit saves a changed name
// (PATCH), then the list is refreshed. On failure the row stays in edit with the typed name.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../api';
import type { Id } from '../domain/types';
import { changed } from './changes';
import type { DataRef } from './data.machine';
import * as flow from './flow';
import { formFailure, sameKeys } from './form-errors';
import { nameRule } from './form-rules';
import { posted, type NoticesRef } from './notices.machine';

export type RenameKind = 'portfolio' | 'investment';

export type RenameEvent =
  | { type: 'rename.started'; id: Id; name: string }
  | { type: 'rename.changed'; name: string }
  | { type: 'rename.blurred' }
  | { type: 'rename.submitted' }
  /** Escape: leave without saving. */
  | { type: 'rename.cancelled' }
  | flow.FlowEvent;

export interface RenameInput {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  kind: RenameKind;
}

export interface RenameContext {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  kind: RenameKind;
  /** False once the table has gone: a save in flight still refreshes, then the flow ends. */
  attached: boolean;
  /** The row being edited. */
  id: Id | undefined;
  original: string;
  draft: string;
  error: string | undefined;
}

export const renameMachine = setup({
  types: {
    context: {} as RenameContext,
    events: {} as RenameEvent,
    input: {} as RenameInput,
    tags: {} as 'saving',
  },
  actors: {
    rename: fromPromise<unknown, { api: Api; kind: RenameKind; id: Id; name: string }>(
      ({ input }) =>
        input.kind === 'portfolio'
          ? input.api.renamePortfolio(input.id, input.name)
          : input.api.renameInvestment(input.id, input.name),
    ),
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    start: assign((_, params: { id: Id; name: string }) => ({
      id: params.id,
      original: params.name,
      draft: params.name,
      error: undefined,
    })),
    flagName: assign({ error: ({ context }) => nameRule(context.draft) }),
    showFailure: assign((_, params: { error: unknown }) => {
      const failure = formFailure(params.error, sameKeys(['name']));
      return { error: failure.fieldErrors.name?.join(' ') ?? failure.formError };
    }),
    announceRenamed: sendTo(
      ({ context }) => context.data,
      ({ context }) =>
        changed(context.kind === 'portfolio' ? 'portfolio.renamed' : 'investment.renamed'),
    ),
    confirmRenamed: sendTo(
      ({ context }) => context.notices,
      ({ context }) =>
        posted(context.kind === 'portfolio' ? 'Portfolio renamed' : 'Investment renamed'),
    ),
    reset: assign({ id: undefined, original: '', draft: '', error: undefined }),
    detach: assign({ attached: false }),
  },
  guards: {
    detached: ({ context }) => !context.attached,
    sessionLost: flow.sessionLostIn,
    unchanged: ({ context }) => context.draft.trim() === context.original,
    nameInvalid: ({ context }) => nameRule(context.draft) !== undefined,
  },
}).createMachine({
  id: 'rename',
  context: ({ input }) => ({
    api: input.api,
    data: input.data,
    session: input.session,
    notices: input.notices,
    kind: input.kind,
    attached: true,
    id: undefined,
    original: '',
    draft: '',
    error: undefined,
  }),
  initial: 'idle',
  // The table is gone: an unsaved edit ends with it; a save in flight finishes first.
  on: { 'flow.detached': '.released' },
  states: {
    idle: {
      entry: 'reset',
      always: { guard: 'detached', target: 'released' },
      on: {
        'rename.started': {
          target: 'editing',
          actions: { type: 'start', params: ({ event }) => event },
        },
      },
    },
    editing: {
      on: {
        'rename.changed': {
          actions: assign({ draft: ({ event }) => event.name, error: undefined }),
        },
        'rename.blurred': { target: 'leaving' },
        'rename.submitted': { target: 'leaving' },
        'rename.cancelled': { target: 'idle' },
        // Another row's long press: this one's edit ends unsaved.
        'rename.started': { actions: { type: 'start', params: ({ event }) => event } },
      },
    },
    leaving: {
      always: [
        { guard: 'unchanged', target: 'idle' },
        { guard: 'nameInvalid', target: 'editing', actions: 'flagName' },
        { target: 'saving' },
      ],
    },
    saving: {
      tags: 'saving',
      on: { 'flow.detached': { actions: 'detach' } },
      invoke: {
        src: 'rename',
        input: ({ context }) => ({
          api: context.api,
          kind: context.kind,
          id: context.id ?? '',
          name: context.draft.trim(),
        }),
        onDone: { target: 'idle', actions: ['announceRenamed', 'confirmRenamed'] },
        onError: [
          flow.WAIT_FOR_SESSION,
          {
            target: 'editing',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    // The row stays in edit with the typed name; it is saved once the user is back.
    awaitingSession: flow.awaitingSession('saving', { tags: 'saving' }),
    released: { type: 'final' },
  },
});
