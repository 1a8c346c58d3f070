// The form of an investment's Prices section (prices.machine.ts) that types the price of a day, or
// corrects a typed one (its day fixed: a second price on the same day replaces it): a save flow
// (save-flow.ts) over the price rules (forms/price.rules.ts). The section opens one per Add price
// or Edit and closes it when it is done or cancelled.
import type { DayPrice } from '../../api';
import type { DecimalMark } from '../../domain/numbers';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import { sameKeys } from '../forms/form-errors';
import {
  changePrice,
  openingValues,
  PRICE_FIELDS,
  PRICE_NOTICES,
  pricePayload,
  priceRules,
  type Opening,
  type PriceValues,
} from './price.rules';
import { saveFlow, type EmbeddedInput } from '../forms/save-flow';

export type PriceFormInput = EmbeddedInput & {
  investmentId: Id;
  /** The user's local day: the latest a price may have. */
  today: string;
  values: PriceValues;
  /** The day whose typed price the form corrects; undefined for a new price. */
  correcting: string | undefined;
};

/** The form of an opening; a corrected price keeps its day. */
export function priceFormInput(
  section: Omit<PriceFormInput, 'embedded' | 'values' | 'correcting'> & {
    decimalMark?: DecimalMark;
  },
  opening: Opening,
): PriceFormInput {
  const { api, data, session, notices, newKey, investmentId, today } = section;
  return {
    ...{ api, data, session, notices, newKey, investmentId, today },
    embedded: true,
    values: openingValues(opening, today, section.decimalMark),
    correcting: 'price' in opening ? opening.price.date : undefined,
  };
}

export const priceFormMachine = saveFlow({
  id: 'priceForm',
  types: { input: {} as PriceFormInput },
  values: (input) => input.values,
  rules: {
    keys: sameKeys(PRICE_FIELDS),
    // A corrected price keeps its day: saving replaces that day's.
    accepts: ({ input }, field) => field !== 'date' || input.correcting === undefined,
    change: ({ input, values, fieldErrors }, field, value) =>
      changePrice({ values, fieldErrors, today: input.today }, field, value),
    check: ({ input, values }) => priceRules(values, input.today),
    body: ({ values }) => pricePayload(values),
  },
  keyed: true,
  submit: ({ context: { input }, body, idempotencyKey }) =>
    input.api
      .prices()
      .then((calls) => calls.addPrice(input.investmentId, body, { idempotencyKey })),
  saved: (_, _price: DayPrice) => ({
    announce: changed('investment.repriced'),
    notice: PRICE_NOTICES.saved,
  }),
});
