// Laravel-style validation of an import's rows, key by key: the same field schemas as the
// requests (src/domain/wire/requests.ts, with Laravel's messages), dot keys for nested fields, and the
// 422 body of ValidationException::summarize. The event calls read their bodies whole
// (./read-request.ts); a row is read field by field, as what it needs depends on its kind.
import * as v from 'valibot';
import type { AmountRule } from '../domain/rules/amount-rules';
import {
  amount,
  amountOr,
  day,
  eventTime,
  flag,
  id,
  MESSAGES,
  messageFor,
  name,
  oneOf,
  text,
} from '../domain/wire/requests';
import { MAX_NAME } from '../domain/rules/names';

export type Errors = Record<string, string[]>;

export class Validator {
  readonly errors: Errors = {};

  constructor(readonly body: unknown) {}

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  add(key: string, message: string): void {
    (this.errors[key] ??= []).push(message);
  }

  /** A value by dot path; Laravel's TrimStrings and ConvertEmptyStringsToNull applied. */
  input(key: string): unknown {
    let value: unknown = this.body;
    for (const part of key.split('.')) {
      value = isRecord(value) ? value[part] : undefined;
    }
    if (typeof value === 'string') {
      const trimmed = value.trim();
      return trimmed === '' ? null : trimmed;
    }
    return value;
  }

  /** The field through its schema, or undefined with its first message added. */
  private read<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | undefined {
    const result = v.safeParse(schema, this.input(key));
    if (result.success) return result.output;
    this.add(key, messageFor(result.issues[0].message, key));
    return undefined;
  }

  /** required|string|max, without control characters. */
  text(key: string, max = MAX_NAME): string | undefined {
    return this.read(key, text(max));
  }

  /** A name: required|string|max:255, visible, without control characters. */
  name(key: string): string | undefined {
    return this.read(key, name);
  }

  /** An amount by its rule; one with a fallback is that when absent, null or empty. */
  number(key: string, rule: AmountRule): number | undefined {
    const { fallback } = rule;
    return fallback === undefined
      ? this.read(key, amount(rule))
      : this.read(key, amountOr({ ...rule, fallback }));
  }

  /** An event's day (absent: now), and the time it is booked at (`eventTime`). */
  eventTime(key: string, now: number): number | undefined {
    if (this.input(key) == null) return now;
    const read = this.read(key, day);
    if (read === undefined) return undefined;
    const time = eventTime(read, now);
    if (time === undefined) this.add(key, messageFor(MESSAGES.beforeToday, key));
    return time;
  }

  /** required|in:... */
  oneOf<const T extends readonly string[]>(key: string, allowed: T): T[number] | undefined {
    return this.read(key, oneOf(allowed));
  }

  /** nullable|boolean: true, false, 1, 0, "1", "0". */
  boolean(key: string): boolean | undefined {
    return this.read(key, flag);
  }

  /** A positive integer id (number or numeric string). */
  id(key: string): number | undefined {
    return this.read(key, id);
  }

  /** Laravel's 422 body: first message plus " (and N more errors)". */
  body422(): { message: string; errors: Errors } {
    return summarise(this.errors);
  }
}

export function summarise(errors: Errors): { message: string; errors: Errors } {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const suffix = more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : '';
  return { message: `${all[0] ?? 'The given data was invalid.'}${suffix}`, errors };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
