// Server failures as forms show them: messages under fields, and one message for the rest
// (an unknown key is shown, never dropped: research S10).
import { ApiError, messageOf } from '../../api/errors';

export type FormErrors<F extends string> = Partial<Record<F, string[]>>;

export interface FormFailure<F extends string> {
  fieldErrors: FormErrors<F>;
  /** The message for the form as a whole, when no field explains the failure. */
  formError: string | undefined;
}

/**
 * Maps server keys (`buy_event.shares`) to form fields through `keys`; a 422 whose keys all map
 * needs no form message. Any other failure is one form message.
 */
export function formFailure<F extends string>(
  error: unknown,
  keys: Readonly<Record<string, F>>,
): FormFailure<F> {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return { fieldErrors: {}, formError: messageOf(error) };
  }
  const fieldErrors: FormErrors<F> = {};
  const unmapped: string[] = [];
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const field = Object.hasOwn(keys, key) ? keys[key] : undefined;
    if (field === undefined) unmapped.push(...messages);
    else fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages];
  }
  const mapped = Object.keys(fieldErrors).length > 0;
  return {
    fieldErrors,
    formError: unmapped.length > 0 ? unmapped.join(' ') : mapped ? undefined : error.message,
  };
}

/** Keys that are their own field name (the event and auth forms). */
export function sameKeys<F extends string>(fields: readonly F[]): Record<string, F> {
  return Object.fromEntries(fields.map((f) => [f, f]));
}

/** The notice of a save that failed after its form had gone: no form is left to show why. */
export function nothingSaved(error: unknown): string {
  return `Nothing was saved. ${messageOf(error)}`;
}

/** The notice of a row's deletion the server refused: the row stays. */
export function nothingDeleted(error: unknown): string {
  return `Nothing was deleted. ${messageOf(error)}`;
}

export function hasErrors<F extends string>(errors: FormErrors<F>): boolean {
  return Object.values(errors).some((messages) => Array.isArray(messages) && messages.length > 0);
}
