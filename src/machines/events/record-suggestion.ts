// What a provider's split or dividend fills in when it is recorded, and the overlay mode of a
// row's Record split: light, for home and a portfolio, which load without the suggestions
// machine.
import type { Suggestion } from '../../api';
import type { Id } from '../../domain/types';
import type { EventValues } from './event.rules';

/** The overlay mode of a row's Record split (home, a portfolio): `record-split:<investment id>`. */
const ROW_PREFIX = 'record-split:';

export function pendingSplitMode(investmentId: Id): string {
  return `${ROW_PREFIX}${investmentId}`;
}

/** The investment whose pending split an overlay mode records; undefined for another mode. */
export function pendingSplitOf(mode: string | undefined): Id | undefined {
  return mode?.startsWith(ROW_PREFIX) ? mode.slice(ROW_PREFIX.length) : undefined;
}

/** What the Stock Split or Dividend form starts with: the suggestion's day and figures. */
export function recordValues(suggestion: Suggestion): Partial<EventValues> {
  if (suggestion.kind === 'split')
    return { date: suggestion.date, shares_after: String(suggestion.shares_after) };
  return {
    date: suggestion.date,
    amount: String(suggestion.amount),
    currency_code: suggestion.currency_code,
  };
}
