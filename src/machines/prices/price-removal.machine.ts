// The deletion of a typed price in an investment's Prices section (prices.machine.ts), a row's
// Delete with Undo (forms/row-removal.ts): only a typed price is deleted, and Undo types it again.
import type { DayPrice } from '../../api';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import type { EmbeddedInput } from '../forms/save-flow';
import { rowRemovalMachine } from '../forms/row-removal';
import {
  isTyped,
  notRestoredNotice,
  PRICE_NOTICES,
  pricePayload,
  priceValuesOf,
} from './price.rules';

export type PriceRemovalInput = EmbeddedInput & { investmentId: Id };

export const priceRemovalMachine = rowRemovalMachine({
  id: 'priceRemoval',
  key: 'price',
  deletable: isTyped,
  reload: { type: 'prices.changed' },
  // A typed price changes what it values.
  announce: changed('investment.repriced'),
  notices: PRICE_NOTICES,
  notRestored: notRestoredNotice,
  call: async (input: PriceRemovalInput, price: DayPrice) =>
    (await input.api.prices()).deletePrice(input.investmentId, price.date),
  restore: async (input, price, idempotencyKey) =>
    (await input.api.prices()).addPrice(input.investmentId, pricePayload(priceValuesOf(price)), {
      idempotencyKey,
    }),
});
