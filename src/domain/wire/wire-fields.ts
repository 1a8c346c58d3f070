// The answers' field types, the valibot schemas ./schemas.ts and ./tax/wire.ts build the wire's
// answers from; each message says what a value is not, for the decode error. Its imports carry
// their extensions: vite.config.ts loads it (through remembered-figures.ts).
import * as v from 'valibot';
import { isDay } from '../dates.ts';
import { numericValue } from '../numbers.ts';

/** A finite number, from a number or a numeric string as Laravel's decimal casts send it. */
export const decimal = v.pipe(
  v.custom<number | string>((value) => numericValue(value) !== undefined, 'a number'),
  v.transform(Number),
);

/** An id as a string, from a JSON integer or a non-blank string. */
export const id = v.pipe(
  v.custom<number | string>(
    (value) => Number.isInteger(value) || (typeof value === 'string' && value.trim() !== ''),
    'an id',
  ),
  v.transform(String),
);

export const text = v.string('a string');
export const flag = v.boolean('a boolean');

/** A calendar day, YYYY-MM-DD. */
export const day = v.custom<string>((value) => typeof value === 'string' && isDay(value), 'a day');

export const object = <E extends v.ObjectEntries>(entries: E) => v.object(entries, 'an object');
export const list = <T extends v.GenericSchema>(item: T) => v.array(item, 'a list');
export const oneOf = <T extends readonly string[]>(values: T) =>
  v.picklist(values, values.join(' or '));
