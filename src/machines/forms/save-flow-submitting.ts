// The save flow's start and its call (save-flow.ts): the context a flow starts with, and
// `submitting` → `awaitingSession` → `saved`, for `saveFlow` and for a paged form that places
// them among its own pages (create investment).
import * as flow from '../app/flow';
import { nothingSaved } from './form-errors';
import type { SaveFlowContext, SaveFlowInput, SaveFlowSpec } from './save-flow-spec';
import * as idempotency from './submission';

/** The flow's context at its start. */
export function saveFlowContext<Input extends SaveFlowInput, Values, Field extends string, Extra>(
  spec: { values(input: Input): Values; extra?(input: Input): Extra },
  input: Input,
) {
  return {
    input,
    session: input.session,
    newKey: input.newKey ?? idempotency.randomKey,
    attached: true,
    values: spec.values(input),
    fieldErrors: {},
    formError: undefined,
    submission: undefined,
    ...spec.extra?.(input),
  } as SaveFlowContext<Input, Values, Field> & Extra;
}

type Refused = { event: { error: unknown } };

/**
 * `submitting` (its call) → `awaitingSession` → `saved`, or back to `editing` with the refusal;
 * a paged form names its edit page and sends a refusal it recognises (`refused`) to another page.
 */
export function submittingStates<
  Input extends SaveFlowInput,
  Values,
  Field extends string,
  Body,
  Output,
  Extra extends object,
>(
  spec: SaveFlowSpec<Input, Values, Field, Body, Output, Extra>,
  pages: {
    editing: string;
    refused?: { guard: (args: Refused) => boolean; target: string };
  } = { editing: 'editing' },
) {
  type Context = SaveFlowContext<Input, Values, Field> & Extra;
  const showFailure = {
    type: 'showFailure' as const,
    params: ({ event }: Refused) => ({ error: event.error }),
  };
  return {
    submitting: {
      tags: 'submitting' as const,
      description:
        "The call (`submit`), with the submission's Idempotency-Key; what it saved reaches the screens even once the view is gone.",
      // A second submit while the first is in flight is ignored (no handler here). The call
      // outlives the view, so what it saved always reaches the screens.
      on: { 'flow.detached': { actions: 'detach' as const } },
      invoke: {
        src: 'submit' as const,
        input:
          ({ context }: { context: Context }) =>
          () =>
            spec.submit({
              context,
              body: spec.rules.body(context),
              idempotencyKey: context.submission?.key,
            }),
        onDone: {
          target: 'saved',
          actions: [
            {
              type: 'report' as const,
              params: ({ context, event }: { context: Context; event: { output: Output } }) =>
                spec.saved(context, event.output),
            },
            'leaveView' as const,
          ],
        },
        onError: [
          flow.WAIT_FOR_SESSION,
          // No form is left to show the refusal: the flow ends, and says so in a notice.
          {
            guard: 'detached' as const,
            target: 'released',
            actions: {
              type: 'notify' as const,
              params: ({ event }: Refused) => ({ text: nothingSaved(event.error) }),
            },
          },
          ...(pages.refused ? [{ ...pages.refused, actions: showFailure }] : []),
          { target: pages.editing, actions: showFailure },
        ],
      },
    },
    // Looks busy behind the password dialog; the same values are sent once it succeeds.
    awaitingSession: {
      description: 'The session was lost: busy behind the password dialog, then the same call.',
      ...flow.awaitingSession('submitting', { tags: 'submitting' }),
    },
    saved: {
      type: 'final' as const,
      description: 'Saved, and what changed told to the data actor.',
    },
    released: {
      type: 'final' as const,
      description:
        'Ended unsaved: the view went while idle, or a refusal had no form left to show.',
    },
  };
}
