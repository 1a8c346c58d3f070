// The one save flow of the forms that write (docs/machines.md "Save flow"): editing → checking
// (the form's rules, no call) → submitting (its call) → awaitingSession (a lost session: the same
// call once the user is back, flow.ts) → saved. A form is its rules (`FormRules`, pure, in
// forms/*.rules.ts) and its call (save-flow-spec.ts); the flow does the rest the same way for
// every form: old errors cleared on submit, one call at a time, the Idempotency-Key of a creating
// call (submission.ts), the server's refusal mapped to fields (form-errors.ts), what was saved
// announced to the data actor (changes.ts) and confirmed in a notice, then the overlay closed or
// the page left. The start and the call's states are in save-flow-submitting.ts; a form may read
// before it takes input (`load`) and have Delete with Undo (`remove`): save-flow-parts.ts.
import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type EventObject,
  type UnknownActorLogic,
} from 'xstate';
import type { DataEvent } from '../data/data.machine';
import * as flow from '../app/flow';
import { MESSAGES } from '../../api/errors';
import { formFailure, hasErrors } from './form-errors';
import { posted } from '../app/notices.machine';
import { leavePage } from '../app/platform';
import {
  connectionRestored,
  loadingStates,
  meanwhileRead,
  OFFLINE_ERROR_GOES,
  removalStates,
  some,
} from './save-flow-parts';
import { saveFlowContext, submittingStates } from './save-flow-submitting';
import {
  changeField,
  type Patch,
  type SaveFlowContext,
  type SaveFlowEvent,
  type SaveFlowInput,
  type SaveFlowSpec,
  type Saved,
} from './save-flow-spec';
import * as idempotency from './submission';
import { UNDO_MS } from './undo';

export * from './save-flow-spec';

/** An actor that runs the call it is given: Save's, the load, the deletion, Undo's re-creation. */
const run = <T>() => fromPromise<T, () => Promise<T>>(({ input }) => input());

/**
 * The flow's setup: its actions, guards and actors, for `saveFlow` and for a form with states of
 * its own (a paged form, a deletion that waits), which adds its `actors` and `events` (their type)
 * here and its actions and guards with `.extend`, and uses `saveFlowContext` and the parts.
 */
export function saveFlowSetup<
  Input extends SaveFlowInput,
  Values,
  Field extends string,
  Body,
  Output,
  Extra extends object = Record<never, never>,
  Actors extends Record<string, UnknownActorLogic> = Record<never, never>,
  Event extends EventObject = never,
>(
  spec: Pick<
    SaveFlowSpec<Input, Values, Field, Body, Output, Extra>,
    'types' | 'rules' | 'keyed' | 'failure' | 'ask'
  >,
  own: { actors?: Actors; events?: Event } = {},
) {
  type Context = SaveFlowContext<Input, Values, Field> & Extra;
  const { rules } = spec;
  const bodyOf = (context: Context) => rules.body(context);
  // The form's own context (`extra`) never holds the flow's keys, so a change of those is its.
  const set = (patch: Partial<SaveFlowContext<Input, Values, Field>>) => patch as Partial<Context>;
  return setup({
    types: {
      context: {} as Context,
      events: {} as SaveFlowEvent<Values, Field> | Event,
      input: spec.types.input,
      // `open`: a question (Delete?) is open.
      tags: {} as 'submitting' | 'loading' | 'deleting' | 'open',
    },
    actors: {
      ...(own.actors as Actors),
      submit: run<Output>(),
      read: run<Patch<Values, Field, Extra>>(),
      remove: run<unknown>(),
      restore: run<Saved>(),
      ask: run<Partial<Values> | undefined>(),
      sessionRestored: flow.sessionRestored,
      connectionRestored,
    },
    actions: {
      change: assign(({ context }, params: { field: Field; value: string }) =>
        set(
          rules.change
            ? rules.change(context, params.field, params.value)
            : changeField(context, params.field, params.value),
        ),
      ),
      take: assign(({ context }, params: { values: Partial<Values> | undefined }) =>
        set({ values: { ...context.values, ...params.values } }),
      ),
      patch: assign((_, params: Patch<Values, Field, Extra>) => params as Partial<Context>),
      checkRules: assign(({ context }) =>
        set({ fieldErrors: rules.check(context), formError: undefined }),
      ),
      clearFormError: assign(() => set({ formError: undefined })),
      raiseQuestion: assign(({ context }, params: { suggested: Partial<Values> | undefined }) =>
        set({
          question: params.suggested && { suggested: params.suggested, asked: context.values },
        }),
      ),
      takeSuggestion: assign(({ context }) =>
        set({
          values: { ...context.values, ...context.question?.suggested },
          question: undefined,
        }),
      ),
      dropQuestion: assign(() => set({ question: undefined })),
      takeSubmission: assign(({ context }) =>
        set({
          submission: spec.keyed
            ? idempotency.submissionFor(context.submission, bodyOf(context), context.newKey)
            : undefined,
        }),
      ),
      showFailure: assign(({ context }, params: { error: unknown }) =>
        set({
          ...(spec.failure?.(params.error) ??
            formFailure(idempotency.submissionError(params.error), rules.keys)),
          submission: idempotency.afterFailure(context.submission, params.error),
        }),
      ),
      announce: enqueueActions(({ context, enqueue }, params: DataEvent) => {
        enqueue.sendTo(context.input.data, params);
      }),
      report: enqueueActions(({ context, enqueue }, params: Saved) => {
        enqueue.sendTo(context.input.data, params.announce);
        enqueue.sendTo(context.input.notices, posted(params.notice));
      }),
      notify: enqueueActions(({ context, enqueue }, params: { text: string }) => {
        enqueue.sendTo(context.input.notices, posted(params.text));
      }),
      // A deletion's toast stays while Undo is offered and while what it deleted is made again.
      holdNotice: enqueueActions(
        ({ context, enqueue, self }, params: { text: string; undo: boolean }) => {
          enqueue.sendTo(
            context.input.notices,
            posted(params.text, { owner: self, undo: params.undo }),
          );
        },
      ),
      withdrawNotice: enqueueActions(({ context, enqueue, self }) => {
        enqueue.sendTo(context.input.notices, { type: 'notice.withdrawn', owner: self });
      }),
      makeRestoreKey: assign(({ context }) => set({ restoreKey: context.newKey() })),
      leaveView: enqueueActions(({ context, enqueue }) => {
        if (!context.attached) return;
        const { input } = context;
        if ('overlay' in input) enqueue.sendTo(input.overlay, { type: 'overlay.closed' });
        else if ('platform' in input) enqueue(() => leavePage(input.platform));
      }),
      detach: assign(() => set({ attached: false })),
    },
    guards: {
      accepts: ({ context }, params: { field: Field }) =>
        rules.accepts?.(context, params.field) ?? true,
      rulesPass: ({ context }) => !hasErrors(context.fieldErrors),
      // Not again for the values it was asked about: the second Add saves them as typed.
      asks: ({ context }) =>
        spec.ask !== undefined &&
        !hasErrors(context.fieldErrors) &&
        !(context.question && sameValues(context.question.asked, context.values)),
      detached: ({ context }) => !context.attached,
      // The message of a call that got no answer: "You appear to be offline…".
      offlineError: ({ context }) => context.formError === MESSAGES.offline,
      sessionLost: ({ event }) => flow.sessionLostIn({ event }),
    },
    delays: { undoWindow: UNDO_MS },
  });
}

/** The same values, field by field: a question is not asked twice for them. */
function sameValues<Values>(a: Values, b: Values): boolean {
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  return [...keys].every(
    (key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key],
  );
}

/** Makes a form's flow from its rules and its call. */
export function saveFlow<
  Input extends SaveFlowInput,
  Values,
  Field extends string,
  Body,
  Output,
  // None unless the form keeps more (`extra`); a default keeps five type arguments working.
  Extra extends object = Record<never, never>,
>(spec: SaveFlowSpec<Input, Values, Field, Body, Output, Extra>) {
  return saveFlowSetup<Input, Values, Field, Body, Output, Extra>(spec).createMachine({
    id: spec.id,
    context: ({ input }) => saveFlowContext(spec, input),
    initial: spec.load ? 'loading' : 'editing',
    invoke: [OFFLINE_ERROR_GOES.invoke, ...(spec.meanwhile ? [meanwhileRead(spec.meanwhile)] : [])],
    // The view is gone: nothing typed can be saved any more, so an idle form ends.
    on: { 'flow.detached': '.released', ...OFFLINE_ERROR_GOES.on },
    states: {
      ...some(spec.load && loadingStates(spec.load)),
      editing: {
        description:
          'The form as typed: a keystroke the rules accept is taken; Save checks, Cancel leaves the view.',
        on: {
          'form.changed': {
            guard: { type: 'accepts', params: ({ event }) => event },
            actions: [{ type: 'change', params: ({ event }) => event }, 'dropQuestion'],
          },
          'question.accepted': { actions: 'takeSuggestion' },
          'form.submitted': {
            target: 'checking',
            actions: [
              { type: 'take', params: ({ event }) => ({ values: event.values }) },
              'checkRules',
            ],
          },
          'form.cancelled': { actions: 'leaveView' },
          ...(spec.remove && {
            'delete.requested': { target: 'confirmingDelete', actions: 'clearFormError' },
          }),
        },
      },
      checking: {
        description:
          "The rules on the values saved: a question to ask first, the call, or the fields' errors.",
        always: [
          { guard: 'asks', target: 'asking' },
          { guard: 'rulesPass', target: 'submitting', actions: 'takeSubmission' },
          { target: 'editing' },
        ],
      },
      asking: {
        tags: 'submitting',
        description:
          'Whether to suggest other values before the call (`ask`); never blocks. With its view gone the question cannot be shown, so Add saves as typed.',
        on: { 'flow.detached': { actions: 'detach' } },
        invoke: {
          src: 'ask',
          input:
            ({ context }) =>
            () =>
              spec.ask?.(context) ?? Promise.resolve(undefined),
          onDone: [
            { guard: 'detached', target: 'submitting', actions: 'takeSubmission' },
            {
              guard: ({ event }) => event.output !== undefined,
              target: 'editing',
              actions: {
                type: 'raiseQuestion',
                // The done event of `ask`, whose output XState types loosely here.
                params: ({ event }) => ({ suggested: event.output as Partial<Values> }),
              },
            },
            { target: 'submitting', actions: 'takeSubmission' },
          ],
          onError: { target: 'submitting', actions: 'takeSubmission' },
        },
      },
      ...some(spec.remove && removalStates(spec.id, spec.remove)),
      ...submittingStates(spec),
    },
  });
}
