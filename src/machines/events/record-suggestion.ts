// What a provider's split or dividend fills in when it is recorded, and the overlay mode of a
// row's Record split: light, for home and a portfolio, which load without the suggestions
// machine.
import type { Suggestion } from '../../api';
import { fieldText, type DecimalMark } from '../../domain/numbers';
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

/**
 * What the Stock Split or Dividend form starts with: the suggestion's day and figures, written
 * with the reader's decimal `mark`.
 */
export function recordValues(suggestion: Suggestion, mark?: DecimalMark): Partial<EventValues> {
  if (suggestion.kind === 'split')
    return { date: suggestion.date, shares_after: fieldText(suggestion.shares_after, mark) };
  return {
    date: suggestion.date,
    amount: fieldText(suggestion.amount, mark),
    currency_code: suggestion.currency_code,
  };
}
