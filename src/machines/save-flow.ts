// The one save flow of the forms that write (docs/machines.md "Save flow"): editing → checking
// (the form's rules, no call) → submitting (its call) → awaitingSession (a lost session: the same
// call once the user is back, flow.ts) → saved. A form is its rules (`FormRules`, pure, in
// forms/*.rules.ts) and its call; the flow does the rest the same way for every form: old errors
// cleared on submit, one call at a time, the Idempotency-Key of a creating call (submission.ts),
// the server's refusal mapped to fields (form-errors.ts), what was saved announced to the data
// actor (changes.ts) and confirmed in a notice, then the overlay closed or the page left.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { Api } from '../api';
import type { DataEvent, DataRef } from './data.machine';
import * as flow from './flow';
import { formFailure, hasErrors, type FormErrors, type FormFailure } from './form-errors';
import { posted, type NoticesRef } from './notices.machine';
import type { OverlayRef } from './overlay.machine';
import { leavePage, type Platform } from './platform';
import * as idempotency from './submission';

/** What every save flow is given, wherever its form sits. */
export interface SaveFlowDeps {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  /** Makes the submission's Idempotency-Key; a random UUID by default. */
  newKey?: idempotency.KeyMaker;
}

/** The form sits in an overlay, is a page of its own, or is part of a larger flow. */
export type SaveFlowInput = SaveFlowDeps &
  (
    | {
        /** The overlay the form sits in; closed after success. */
        overlay: OverlayRef;
      }
    | {
        /** The form is a page: left (back in history) after success or on Cancel. */
        platform: Platform;
      }
    | {
        /** The form is part of a larger flow that invokes it: that flow closes it (its done, Cancel). */
        embedded: true;
      }
  );

/** What a form inside a larger flow is given: that flow spawns it and closes it. */
export type EmbeddedInput = SaveFlowDeps & { embedded: true };

/** What a form holds as the user types. */
export interface FormState<Values, Field extends string> {
  values: Values;
  fieldErrors: FormErrors<Field>;
  /** The message for the form as a whole, when no field explains a failure. */
  formError: string | undefined;
}

export interface SaveFlowContext<Input, Values, Field extends string> extends FormState<
  Values,
  Field
> {
  /** What the flow was started with. */
  input: Input;
  /** The input's, where a wait for the session looks for it (flow.ts). */
  session: flow.SessionRef;
  newKey: idempotency.KeyMaker;
  /** False once the view has gone: a call in flight still tells the data actor, but moves no view. */
  attached: boolean;
  /** The last body sent, whose key a retry of the same values sends again. */
  submission: idempotency.Submission | undefined;
}

/** A form's pure rules: what it takes, what it checks, what it sends. */
export interface FormRules<State, Values, Field extends string, Body> {
  /** The server's field keys (`buy_event.shares`) to the form's fields. */
  keys: Readonly<Record<string, Field>>;
  /** Whether `field` takes input now; any field when left out. */
  accepts?(state: State, field: Field): boolean;
  /** One keystroke: the values and field errors after it; `changeField` when left out. */
  change?(
    state: State,
    field: Field,
    value: string,
  ): Pick<FormState<Values, Field>, 'values' | 'fieldErrors'>;
  /** The rules checked on submit; only failing fields appear. */
  check(state: State): FormErrors<Field>;
  /** The call's body. */
  body(state: State): Body;
}

/** The default keystroke: the value taken, the field's old error gone. */
export function changeField<Values, Field extends string>(
  state: FormState<Values, Field>,
  field: Field,
  value: string,
): Pick<FormState<Values, Field>, 'values' | 'fieldErrors'> {
  const fieldErrors = { ...state.fieldErrors };
  delete fieldErrors[field];
  return { values: { ...state.values, [field]: value }, fieldErrors };
}

/** What a saved form tells the others: the data actor's change, and the notice's text. */
export interface Saved {
  announce: DataEvent;
  notice: string;
}

export interface SaveFlowSpec<
  Input extends SaveFlowInput,
  Values,
  Field extends string,
  Body,
  Output,
> {
  id: string;
  /** `input` only types the flow's input (`{} as XInput`). */
  types: { input: Input };
  /** The values the form starts with. */
  values(input: Input): Values;
  rules: FormRules<SaveFlowContext<Input, Values, Field>, Values, Field, Body>;
  /** The call; `idempotencyKey` is set when `keyed`. */
  submit(call: {
    context: SaveFlowContext<Input, Values, Field>;
    body: Body;
    idempotencyKey: string | undefined;
  }): Promise<Output>;
  /** A creating call (POST) carries an Idempotency-Key; an update is repeatable as it is. */
  keyed: boolean;
  saved(context: SaveFlowContext<Input, Values, Field>, output: Output): Saved;
  /** The failure as the form shows it; the server's keys mapped to fields when left out. */
  failure?(error: unknown): FormFailure<Field>;
}

export type SaveFlowEvent<Values, Field extends string> =
  | { type: 'form.changed'; field: Field; value: string }
  /** Save; `values` are those of an uncontrolled form, taken as the form is sent. */
  | { type: 'form.submitted'; values?: Partial<Values> }
  /** Cancel: the overlay closes, or the page is left. */
  | { type: 'form.cancelled' }
  | flow.FlowEvent;

/** Makes a form's flow from its rules and its call. */
export function saveFlow<Input extends SaveFlowInput, Values, Field extends string, Body, Output>(
  spec: SaveFlowSpec<Input, Values, Field, Body, Output>,
) {
  type Context = SaveFlowContext<Input, Values, Field>;
  const { rules } = spec;
  const bodyOf = (context: Context) => rules.body(context);
  return setup({
    types: {
      context: {} as Context,
      events: {} as SaveFlowEvent<Values, Field>,
      input: spec.types.input,
      tags: {} as 'submitting',
    },
    actors: {
      submit: fromPromise<Output, { context: Context; body: Body; idempotencyKey?: string }>(
        ({ input }) =>
          spec.submit({
            context: input.context,
            body: input.body,
            idempotencyKey: input.idempotencyKey,
          }),
      ),
      sessionRestored: flow.sessionRestored,
    },
    actions: {
      change: assign(({ context }, params: { field: Field; value: string }) =>
        (rules.change ?? changeField)(context, params.field, params.value),
      ),
      take: assign(({ context }, params: { values: Partial<Values> | undefined }) => ({
        values: { ...context.values, ...params.values },
      })),
      checkRules: assign(({ context }) => ({
        fieldErrors: rules.check(context),
        formError: undefined,
      })),
      takeSubmission: assign(({ context }) => ({
        submission: spec.keyed
          ? idempotency.submissionFor(context.submission, bodyOf(context), context.newKey)
          : undefined,
      })),
      showFailure: assign(({ context }, params: { error: unknown }) => ({
        ...(spec.failure?.(params.error) ??
          formFailure(idempotency.submissionError(params.error), rules.keys)),
        submission: idempotency.afterFailure(context.submission, params.error),
      })),
      report: enqueueActions(({ context, enqueue }, params: { output: Output }) => {
        const saved = spec.saved(context, params.output);
        enqueue.sendTo(context.input.data, saved.announce);
        enqueue.sendTo(context.input.notices, posted(saved.notice));
      }),
      leaveView: enqueueActions(({ context, enqueue }) => {
        if (!context.attached) return;
        const { input } = context;
        if ('overlay' in input) enqueue.sendTo(input.overlay, { type: 'overlay.closed' });
        else if ('platform' in input) enqueue(() => leavePage(input.platform));
      }),
      detach: assign({ attached: false }),
    },
    guards: {
      accepts: ({ context }, params: { field: Field }) =>
        rules.accepts?.(context, params.field) ?? true,
      rulesPass: ({ context }) => !hasErrors(context.fieldErrors),
      sessionLost: ({ event }) => flow.sessionLostIn({ event }),
    },
  }).createMachine({
    id: spec.id,
    context: ({ input }) => ({
      input,
      session: input.session,
      newKey: input.newKey ?? idempotency.randomKey,
      attached: true,
      values: spec.values(input),
      fieldErrors: {},
      formError: undefined,
      submission: undefined,
    }),
    initial: 'editing',
    // The view is gone: nothing typed can be saved any more, so an idle form ends.
    on: { 'flow.detached': '.released' },
    states: {
      editing: {
        on: {
          'form.changed': {
            guard: { type: 'accepts', params: ({ event }) => event },
            actions: { type: 'change', params: ({ event }) => event },
          },
          'form.submitted': {
            target: 'checking',
            actions: [
              { type: 'take', params: ({ event }) => ({ values: event.values }) },
              'checkRules',
            ],
          },
          'form.cancelled': { actions: 'leaveView' },
        },
      },
      checking: {
        always: [
          { guard: 'rulesPass', target: 'submitting', actions: 'takeSubmission' },
          { target: 'editing' },
        ],
      },
      submitting: {
        tags: 'submitting',
        // A second submit while the first is in flight is ignored (no handler here). The call
        // outlives the view, so what it saved always reaches the screens.
        on: { 'flow.detached': { actions: 'detach' } },
        invoke: {
          src: 'submit',
          input: ({ context }) => ({
            context,
            body: bodyOf(context),
            idempotencyKey: context.submission?.key,
          }),
          onDone: {
            target: 'saved',
            actions: [
              { type: 'report', params: ({ event }) => ({ output: event.output }) },
              'leaveView',
            ],
          },
          onError: [
            flow.WAIT_FOR_SESSION,
            {
              target: 'editing',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          ],
        },
      },
      // Looks busy behind the password dialog; the same values are sent once it succeeds.
      awaitingSession: flow.awaitingSession('submitting', { tags: 'submitting' }),
      saved: { type: 'final' },
      released: { type: 'final' },
    },
  });
}
