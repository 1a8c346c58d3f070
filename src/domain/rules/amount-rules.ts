// The rules of the amounts the event and price calls carry, once: the contract validates with
// them (src/domain/wire/requests.ts) and docs/openapi.yaml's bounds are generated from them. A module
// of its own, as only the contract reads it at run time: the app's start-up code does not carry it.
import { MONEY_DECIMALS, RATE_DECIMALS, SHARE_DECIMALS } from '../numbers';

/**
 * The rules of an amount a request carries (Laravel's gt or min, decimal:0,N, and nullable with
 * the value it then means); at most MAX_QUANTITY, whatever the field.
 */
export interface AmountRule {
  greaterThan?: number;
  atLeast?: number;
  /** The value of an absent, null or empty field; without it the field is required. */
  fallback?: number;
  /** An absent or null field means none (no value stands in), so the field is not required. */
  optional?: true;
  decimals?: number;
}

/** Each amount of the event and price calls, by its field. */
export const AMOUNT_RULES = {
  shares: { greaterThan: 0, decimals: SHARE_DECIMALS },
  share_price: { atLeast: 0, decimals: MONEY_DECIMALS },
  fee: { atLeast: 0, fallback: 0, decimals: MONEY_DECIMALS },
  amount: { greaterThan: 0, decimals: MONEY_DECIMALS },
  shares_after: { greaterThan: 0, decimals: SHARE_DECIMALS },
  sold_shares: { atLeast: 0, fallback: 0, decimals: SHARE_DECIMALS },
  sold_share_price: { atLeast: 0, fallback: 0, decimals: MONEY_DECIMALS },
  price: { greaterThan: 0, decimals: MONEY_DECIMALS },
  exchange_rate: { greaterThan: 0, decimals: RATE_DECIMALS, optional: true },
  /** A dividend's tax withheld, in its currency; at most the amount (checked with it). */
  withholding_tax: { atLeast: 0, decimals: MONEY_DECIMALS, optional: true },
} as const satisfies Record<string, AmountRule>;
