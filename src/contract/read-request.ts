// A request body read through its schema of src/domain/wire/requests.ts as Laravel reads one:
// TrimStrings and ConvertEmptyStringsToNull first (a nested object that is not one has no
// fields), then each field's first failing rule under its dot path. A route adds the checks that
// need the store or the market to the same errors, which keep the order of the schema's fields,
// so the 422's message is the first field's.
import * as v from 'valibot';
import { messageFor, UNTRIMMED } from '../domain/wire/requests';
import { isRecord, summarise, type Errors } from './validation';

type Schema = v.GenericSchema;

/** A 422's errors, by field, in the order the request's schema lists its fields. */
export class FieldErrors {
  readonly errors: Errors = {};

  constructor(private readonly order: readonly string[] = []) {}

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  add(key: string, message: string): void {
    (this.errors[key] ??= []).push(message);
  }

  body422(): { message: string; errors: Errors } {
    const place = (key: string) => {
      const at = this.order.indexOf(key);
      return at < 0 ? this.order.length : at;
    };
    const keys = Object.keys(this.errors).sort((a, b) => place(a) - place(b));
    return summarise(Object.fromEntries(keys.map((key) => [key, this.errors[key] ?? []])));
  }
}

/** The object schema under pipes and optional wrappers, if the schema is one. */
function objectOf(schema: Schema): v.ObjectSchema<v.ObjectEntries, undefined> | undefined {
  if ('pipe' in schema) return objectOf((schema as v.SchemaWithPipe<[Schema]>).pipe[0]);
  if ('wrapped' in schema) return objectOf((schema as v.OptionalSchema<Schema, unknown>).wrapped);
  return schema.type === 'object'
    ? (schema as v.ObjectSchema<v.ObjectEntries, undefined>)
    : undefined;
}

/** Every field's dot path, parents before their fields. */
function fieldsOf(schema: Schema, prefix = ''): string[] {
  const entries = objectOf(schema)?.entries ?? {};
  return Object.entries(entries).flatMap(([key, entry]) => [
    `${prefix}${key}`,
    ...fieldsOf(entry as Schema, `${prefix}${key}.`),
  ]);
}

/** A value as Laravel's middleware leaves it: strings trimmed (not passwords), '' made null. */
function normalised(value: unknown, key: string, schema: Schema | undefined): unknown {
  const object = schema && objectOf(schema);
  if (object) {
    const record = isRecord(value) ? value : {};
    const names = new Set([...Object.keys(record), ...Object.keys(object.entries)]);
    const fields = [...names].map((name): [string, unknown] => [
      name,
      normalised(record[name], name, object.entries[name] as Schema | undefined),
    ]);
    return Object.fromEntries(fields.filter(([, inner]) => inner !== undefined));
  }
  if (typeof value !== 'string') return value;
  const kept = UNTRIMMED.includes(key) ? value : value.trim();
  return kept === '' ? null : kept;
}

function addIssues(errors: FieldErrors, issues: readonly v.BaseIssue<unknown>[], prefix = '') {
  const seen = new Set<string>();
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    const key = path === null ? prefix.replace(/\.$/, '') : `${prefix}${path}`;
    // Each field reports its first failing rule only, as with Laravel's `bail`.
    if (seen.has(key)) continue;
    seen.add(key);
    errors.add(key, messageFor(issue.message, key));
  }
}

export interface Read<T> {
  /** The body when every field passed. */
  value: T | undefined;
  errors: FieldErrors;
  /** A field as read, by its dot path, before its rules. */
  input: (key: string) => unknown;
  /** A field read through its own rules alone (whatever the others), else undefined. */
  field: <F extends Schema>(key: string, schema: F) => v.InferOutput<F> | undefined;
}

/** The body read through `schema`. */
export function readRequest<S extends Schema>(schema: S, body: unknown): Read<v.InferOutput<S>> {
  const errors = new FieldErrors(fieldsOf(schema));
  const input = normalised(body, '', schema);
  const result = v.safeParse(schema, input);
  if (!result.success) addIssues(errors, result.issues);
  const at = (key: string) =>
    key
      .split('.')
      .reduce<unknown>((value, part) => (isRecord(value) ? value[part] : undefined), input);
  return {
    value: result.success ? result.output : undefined,
    errors,
    input: at,
    field: (key, rules) => {
      const read = v.safeParse(rules, at(key));
      return read.success ? read.output : undefined;
    },
  };
}

/** One more field of the body, read when the route needs it, into the same errors. */
export function readField<S extends Schema>(
  errors: FieldErrors,
  key: string,
  schema: S,
  body: unknown,
): v.InferOutput<S> | undefined {
  const raw = isRecord(body) ? body[key] : undefined;
  const result = v.safeParse(schema, normalised(raw, key, schema));
  if (result.success) return result.output;
  addIssues(errors, result.issues, `${key}.`);
  return undefined;
}
