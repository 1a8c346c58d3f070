// The Buy, Sell, Dividend and Stock Split forms (product-spec sections 2, 4, 5, 8): a save flow
// (save-flow.ts) over the event rules (forms/event.rules.ts), shared with the correction form.
// The call carries the submission's Idempotency-Key; after success the data actor is told of the
// new event (changes.ts) and the overlay closes.
import type { Api } from '../../api';
import type { DecimalMark } from '../../domain/numbers';
import type { EventKind, Id, Transaction } from '../../domain/types';
import type { DataRef } from '../data/data.machine';
import type { SessionRef } from '../app/flow';
import { sameKeys } from '../forms/form-errors';
import {
  acceptsChange,
  changeValues,
  emptyValues,
  EVENT_FIELDS,
  eventPayload,
  eventRules,
  priceSuggestion,
  tradeTotal,
  type EventValues,
} from './event.rules';
import { eventNotice, type NoticesRef } from '../app/notices.machine';
import type { OverlayRef } from '../app/overlay.machine';
import { saveFlow } from '../forms/save-flow';
import type { KeyMaker } from '../forms/submission';
import { readDepositRoom, roomExceeded, type DepositRoom } from '../reports';

export interface CreateEventInput {
  api: Api;
  data: DataRef;
  session: SessionRef;
  notices: NoticesRef;
  /** The overlay the form sits in; closed after success. */
  overlay: OverlayRef;
  investmentId: Id;
  kind: EventKind;
  /** Shares held now: the limit of a sale, and the "before" of a split. */
  currentShares: number;
  /** The form's currency at first: the investment's trading currency; DKK when left out. */
  currency?: string;
  /** DKK per unit of a currency, where known: to compare a price typed in DKK with the market's. */
  dkkPer?: (currency: string) => number | undefined;
  /** The user's local day (YYYY-MM-DD): the default date and the latest allowed. */
  today: string;
  /** Values the form starts with instead of the defaults (a suggestion's Record). */
  prefill?: Partial<EventValues>;
  /** The reader's decimal mark, which the numbers the form fills in are written with. */
  decimalMark?: DecimalMark;
  /** Makes the submission's Idempotency-Key; a random UUID by default. */
  newKey?: KeyMaker;
  /** The portfolio's id when it is an aktiesparekonto: a buy warns of its deposit ceiling. */
  aktiesparekonto?: Id;
}

/** The aktiesparekonto's room this year, once read (`meanwhile`). */
interface RoomContext {
  depositRoom?: DepositRoom;
}

/**
 * The room left when the buy as typed would take the aktiesparekonto over this year's ceiling
 * (its buys stand for deposits, as in the report); undefined otherwise, and while the DKK rate of
 * the form's currency is not known.
 */
export function buyOverRoom({
  input,
  values,
  depositRoom,
}: RoomContext & { input: CreateEventInput; values: EventValues }): number | undefined {
  const total = tradeTotal(input.kind, values);
  const rate = values.currency_code === 'DKK' ? 1 : input.dkkPer?.(values.currency_code);
  const dkk = input.kind === 'buy' && total !== undefined && rate ? total * rate : undefined;
  return roomExceeded(depositRoom, values.date, dkk);
}

/** Days looked back for the market's close: a weekend or a holiday has none of its own. */
const CLOSE_DAYS = 7;

/** The market's price of `day` or the last before it; the last trade's price is not the market's. */
async function marketClose(api: Api, investmentId: Id, day: string) {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - CLOSE_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const prices = await (await api.prices()).getPrices(investmentId, { from, to: day });
  const close = prices.find((price) => price.source !== 'trade');
  return close && { price: close.price, currency: close.currency_code };
}

export const createEventMachine = saveFlow({
  id: 'createEvent',
  types: { input: {} as CreateEventInput },
  values: (input) => ({
    ...emptyValues(input.today, input.currency, input.decimalMark),
    ...input.prefill,
  }),
  extra: (): RoomContext => ({}),
  rules: {
    keys: sameKeys(EVENT_FIELDS),
    accepts: ({ input, values }, field) => acceptsChange(input, values, field),
    change: (context, field, value) => changeValues(context.input, context, field, value),
    // The holding now limits a sale of today; the server checks a back-dated one.
    check: ({ input, values }) =>
      eventRules(input, values, values.date === input.today ? input.currentShares : undefined),
    body: ({ input, values }) => eventPayload(input.kind, values, values.date),
  },
  keyed: true,
  // A buy's or sale's price far from the market's close that day asks once before saving.
  ask: ({ input, values }) =>
    input.kind === 'buy' || input.kind === 'sell'
      ? marketClose(input.api, input.investmentId, values.date).then(
          (close) =>
            close &&
            priceSuggestion(values, close, input.dkkPer?.(close.currency), input.decimalMark),
        )
      : Promise.resolve(undefined),
  // A warning, not a refusal: the room is read while the user types, and the buy saves either way.
  meanwhile: async ({ input }) =>
    input.kind === 'buy' && input.aktiesparekonto !== undefined
      ? {
          depositRoom: await readDepositRoom(
            input.api,
            input.aktiesparekonto,
            Number(input.today.slice(0, 4)),
          ),
        }
      : {},
  submit: ({ context: { input }, body, idempotencyKey }) =>
    input.api.createEvent(input.investmentId, input.kind, body, { idempotencyKey }),
  saved: ({ input }, event: Transaction) => ({
    announce: { type: 'event.created', event },
    notice: eventNotice(input.kind, 'saved'),
  }),
});
