// Inline rename of a table row (product-spec section 2 "Tables", decisions.md section 6): one
// actor per table. A long press starts editing a row (a save flow, rename-form.machine.ts); focus
// loss or submit saves a changed name, and leaves an unchanged one unsaved. On failure the row
// stays in edit with the typed name.
import { assign, not, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { Api } from '../../api';
import type { Id } from '../../domain/types';
import type { DataRef } from '../data/data.machine';
import type * as flow from '../app/flow';
import type { NoticesRef } from '../app/notices.machine';
import { renameFormMachine, type RenameKind } from './rename-form.machine';

export type { RenameKind } from './rename-form.machine';

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

interface RenameContext extends RenameInput {
  /** False once the table has gone: a save in flight finishes, then the flow ends. */
  attached: boolean;
  /** The row being edited, and its name before. */
  id: Id | undefined;
  original: string;
  form: ActorRefFrom<typeof renameFormMachine> | undefined;
}

const saving = ({ form }: RenameContext) => form?.getSnapshot().hasTag('submitting') === true;

export const renameMachine = setup({
  types: {
    context: {} as RenameContext,
    events: {} as RenameEvent,
    input: {} as RenameInput,
  },
  actors: { renameForm: renameFormMachine },
  actions: {
    // Another row's long press while one is edited: that edit ends unsaved.
    start: assign(({ context, spawn }, { id, name }: { id: Id; name: string }) => {
      const { api, data, session, notices, kind } = context;
      const input = { api, data, session, notices, kind, id, name, embedded: true as const };
      return { id, original: name, form: spawn('renameForm', { id: 'form', input }) };
    }),
    end: stopChild('form'),
    forget: assign({ id: undefined, original: '', form: undefined }),
    type: sendTo('form', (_, params: { name: string }) => ({
      type: 'form.changed' as const,
      field: 'name' as const,
      value: params.name,
    })),
    save: sendTo('form', { type: 'form.submitted' }),
    detach: assign({ attached: false }),
    toForm: sendTo('form', ({ event }) => event),
  },
  guards: {
    saving: ({ context }) => saving(context),
    unchanged: ({ context }) =>
      context.form?.getSnapshot().context.values.name.trim() === context.original,
    detached: ({ context }) => !context.attached,
  },
}).createMachine({
  id: 'rename',
  context: ({ input }) => ({
    ...input,
    attached: true,
    id: undefined,
    original: '',
    form: undefined,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'rename.started': {
          target: 'editing',
          actions: { type: 'start', params: ({ event }) => event },
        },
        // The table is gone: nothing is being edited.
        'flow.detached': 'released',
      },
    },
    editing: {
      exit: ['end', 'forget'],
      on: {
        'rename.changed': { actions: { type: 'type', params: ({ event }) => event } },
        'rename.blurred': [{ guard: 'unchanged', target: 'idle' }, { actions: 'save' }],
        'rename.submitted': [{ guard: 'unchanged', target: 'idle' }, { actions: 'save' }],
        'rename.cancelled': { guard: not('saving'), target: 'idle' },
        'rename.started': {
          guard: not('saving'),
          target: 'editing',
          reenter: true,
          actions: { type: 'start', params: ({ event }) => event },
        },
        // Saved, or let go with the table.
        'xstate.done.actor.form': [{ guard: 'detached', target: 'released' }, { target: 'idle' }],
        // An unsaved edit, or one waiting for a new login, ends with its table; a save in flight
        // finishes first.
        'flow.detached': { actions: ['detach', 'toForm'] },
      },
    },
    released: { type: 'final' },
  },
});
