// What a form gives the save flow (save-flow.ts): its input, its pure rules, its call and what
// it tells the others once saved; optionally a read before it takes input, and a second action
// (Delete, with Undo). Types and the default keystroke only: no machine here.
import type { Api } from '../../api';
import type { DataEvent, DataRef } from '../data/data.machine';
import type * as flow from '../app/flow';
import type { FormErrors, FormFailure } from './form-errors';
import type { NoticesRef, UndoEvent } from '../app/notices.machine';
import type { OverlayRef } from '../app/overlay.machine';
import type { Platform } from '../app/platform';
import type * as idempotency from './submission';

/** The data actor's word that the connection came back. */
export type ConnectionRestored = { type: 'connection.restored' };

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
  /** Undo's key (`remove.undo`): made when it is pressed, sent again after a login. */
  restoreKey?: string;
  /** The question `ask` raised (a price far from the market's), while the values are unchanged. */
  question?: Question<Values>;
}

/** Values the form suggests instead of those typed, for the values it was asked about. */
export interface Question<Values> {
  suggested: Partial<Values>;
  asked: Values;
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

/** The rules of a flow with no fields (a deletion's): nothing to take, check or send. */
export const NO_FIELDS: FormRules<unknown, Record<never, never>, never, undefined> = {
  keys: {},
  check: () => ({}),
  body: () => undefined,
};

/** What a saved form tells the others: the data actor's change, and the notice's text. */
export interface Saved {
  announce: DataEvent;
  notice: string;
}

/** What a read or a keystroke may change: the form's state and the form's own context. */
export type Patch<Values, Field extends string, Extra> = Partial<FormState<Values, Field> & Extra>;

/** A read before the form takes input (tag `loading`); the form shows its start values meanwhile. */
export interface LoadSpec<Context, Values, Field extends string, Extra> {
  call(context: Context): Promise<Patch<Values, Field, Extra>>;
  /** What the form shows when the read failed (not for a lost session: that waits). */
  failed(context: Context, error: unknown): Patch<Values, Field, Extra>;
}

/**
 * A deletion: a form's second action beside Save (asked first, `confirmingDelete`; refused, the
 * form's failure, as Save's is), or a list row's Delete (save-flow-parts.ts `RemovalPlaces`). Its
 * call has the tags `submitting` and `deleting`.
 */
export interface RemovalSpec<Context> {
  call(context: Context): Promise<unknown>;
  /** The deletion's change for the data actor, and its notice (held while Undo is offered). */
  removed(context: Context): Saved;
  /** Undo for `UNDO_MS` after the deletion, when it is offered (`offered`). */
  undo?: UndoSpec<Context>;
}

/** Undo makes again what was deleted, under an Idempotency-Key made when it is pressed. */
export interface UndoSpec<Context> {
  offered(context: Context): boolean;
  /** The toast while it is made again. */
  restoring(context: Context): string;
  restore(context: Context, idempotencyKey: string | undefined): Promise<Saved>;
  /** The toast when it could not be made again. */
  failed(context: Context, error: unknown): string;
}

export interface SaveFlowSpec<
  Input extends SaveFlowInput,
  Values,
  Field extends string,
  Body,
  Output,
  Extra extends object = object,
> {
  id: string;
  /** `input` only types the flow's input (`{} as XInput`). */
  types: { input: Input };
  /** The values the form starts with. */
  values(input: Input): Values;
  /** What the form keeps beside its values and input (a correction's kind); none when left out. */
  extra?(input: Input): Extra;
  rules: FormRules<SaveFlowContext<Input, Values, Field> & Extra, Values, Field, Body>;
  /** The call; `idempotencyKey` is set when `keyed`. */
  submit(call: {
    context: SaveFlowContext<Input, Values, Field> & Extra;
    body: Body;
    idempotencyKey: string | undefined;
  }): Promise<Output>;
  /** A creating call (POST) carries an Idempotency-Key; an update is repeatable as it is. */
  keyed: boolean;
  saved(context: SaveFlowContext<Input, Values, Field> & Extra, output: Output): Saved;
  /** The failure as the form shows it; the server's keys mapped to fields when left out. */
  failure?(error: unknown): FormFailure<Field>;
  /**
   * Asked once the rules pass, before the call: values to suggest instead (a price far from the
   * market's), or none. It never blocks: Add again with the same values saves them as typed, and
   * a failed ask asks nothing.
   */
  ask?(
    context: SaveFlowContext<Input, Values, Field> & Extra,
  ): Promise<Partial<Values> | undefined>;
  load?: LoadSpec<SaveFlowContext<Input, Values, Field> & Extra, Values, Field, Extra>;
  /**
   * A read while the form takes input (the aktiesparekonto's room for a buy): its patch is taken
   * when it comes; a failure changes nothing, as the form works without it.
   */
  meanwhile?: (
    context: SaveFlowContext<Input, Values, Field> & Extra,
  ) => Promise<Patch<Values, Field, Extra>>;
  remove?: RemovalSpec<SaveFlowContext<Input, Values, Field> & Extra>;
}

export type SaveFlowEvent<Values, Field extends string> =
  | { type: 'form.changed'; field: Field; value: string }
  /** Save; `values` are those of an uncontrolled form, taken as the form is sent. */
  | { type: 'form.submitted'; values?: Partial<Values> }
  /** Cancel: the overlay closes, or the page is left. */
  | { type: 'form.cancelled' }
  /** The question's suggestion taken instead of what was typed (`ask`). */
  | { type: 'question.accepted' }
  /** Delete (`remove`): asks before anything is deleted. */
  | { type: 'delete.requested' }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' }
  | UndoEvent
  | flow.FlowEvent
  /** The data actor heard the connection come back: an offline error goes. */
  | ConnectionRestored;
