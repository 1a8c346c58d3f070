// Every answer is read through its schema (src/domain/wire/schemas.ts, decisions.md section 1). A bad
// answer throws a 'decode' ApiError naming the field: "portfolios[0].value is not a number".
import * as v from 'valibot';
import { NO_SUCH_TRANSACTION } from '../domain/wire/schemas';
import { ApiError, decodeError } from './errors';

/** `value`, read by `schema`; `path` names it in the error. */
export function decode<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  path: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  if (issue.message === NO_SUCH_TRANSACTION)
    throw new ApiError({ kind: 'decode', message: NO_SUCH_TRANSACTION });
  const steps = issue.path ?? [];
  const where = steps
    .map(({ key }) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
    .join('');
  const missing = steps.at(-1)?.origin === 'key';
  throw decodeError(`${path}${where} is ${missing ? 'missing' : `not ${issue.message}`}`);
}

/** The value under `key` of an answer object, e.g. `{ "portfolios": [...] }`. */
export function field<S extends v.GenericSchema>(
  body: unknown,
  key: string,
  schema: S,
): v.InferOutput<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw decodeError('the answer is not an object');
  return decode(schema, (body as Record<string, unknown>)[key], key);
}

/** What is null or absent as null, the rest read by `schema`. */
export const orNull = <S extends v.GenericSchema>(schema: S) => v.nullish(schema, null);

/**
 * What a create answers under `data`, or null when it answered without a body: a repeat of a
 * create whose first answer was lost after the record was saved (docs/openapi.yaml).
 */
export function created<S extends v.GenericSchema>(
  body: unknown,
  schema: S,
): v.InferOutput<S> | null {
  return body === undefined ? null : field(body, 'data', orNull(schema));
}
