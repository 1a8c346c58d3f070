// The client's mirror of the API's rule for an event's day: required here (the form always has
// one; the API treats absent as now), YYYY-MM-DD, from 1970-01-01 to today.
import { EARLIEST_DAY, isDay } from '../../domain/dates';
import { RULE_MESSAGES } from './form-rules';

export const DATE_MESSAGES = {
  format: 'Must be a date, like 2024-01-15.',
  early: `Must be on or after ${EARLIEST_DAY}.`,
  future: 'Must be today or earlier: an event cannot be in the future.',
} as const;

/** `today` is the user's local day, passed in so machines read no clock. */
export function dateRule(value: string, today: string): string | undefined {
  if (value.trim() === '') return RULE_MESSAGES.required;
  if (!isDay(value)) return DATE_MESSAGES.format;
  if (value < EARLIEST_DAY) return DATE_MESSAGES.early;
  return value > today ? DATE_MESSAGES.future : undefined;
}
