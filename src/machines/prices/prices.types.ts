// The prices section's input, context and events: shared by its machine (prices.machine.ts)
// and its list's call (price-list.ts).
import type { ActorRefFrom } from 'xstate';
import type { Api, DayPrice } from '../../api';
import type { DecimalMark } from '../../domain/numbers';
import type { Id } from '../../domain/types';
import type { DataRef } from '../data/data.machine';
import type * as flow from '../app/flow';
import type { PriceField } from './price.rules';
import type { EventsSeen, EventsSource } from '../data/investment-events';
import type { NoticesRef, UndoEvent } from '../app/notices.machine';
import type { priceFormMachine } from './price-form.machine';
import type * as idempotency from '../forms/submission';

export type PricesEvent =
  | { type: 'older.requested' }
  /** Retry after the first page failed. */
  | { type: 'retry.requested' }
  /** Add price: the form opens on today, in `currency`. */
  | { type: 'form.opened'; currency: string }
  /** Edit on a typed price's row: the form opens with it; saving replaces that day's. */
  | { type: 'edit.opened'; price: DayPrice }
  | { type: 'form.changed'; field: PriceField; value: string }
  | { type: 'form.submitted' }
  | { type: 'form.cancelled' }
  | { type: 'delete.requested'; price: DayPrice }
  /** The investment now takes its prices from another listing. */
  | { type: 'listing.changed' }
  /** After a change of a price here: the list is read again. */
  | { type: 'prices.changed' }
  | EventsSeen
  | UndoEvent
  | flow.FlowEvent;

export interface PricesInput {
  api: Api;
  /** Told of each change; its events are watched (investment-events.ts). */
  data: DataRef & EventsSource;
  session: flow.SessionRef;
  notices: NoticesRef;
  investmentId: Id;
  /** The user's local day (YYYY-MM-DD): the first page's last day, the form's default. */
  today: string;
  /** Makes the Idempotency-Key of each price sent; a random UUID by default. */
  newKey?: idempotency.KeyMaker;
  /** The reader's decimal mark, which a corrected price is written with ("428,78" in Danish). */
  decimalMark?: DecimalMark;
}

export interface PricesContext extends PricesInput {
  newKey: idempotency.KeyMaker;
  /** Newest first. */
  prices: DayPrice[];
  /** The first day of the oldest page listed. */
  from: string;
  /** The day of the investment's first event: no price is older. Undefined until known. */
  since: string | undefined;
  /** Why the list (or its last page) could not be read. */
  listError: string | undefined;
  /** False once the view has gone. */
  attached: boolean;
  /** The open form. */
  form: ActorRefFrom<typeof priceFormMachine> | undefined;
}
