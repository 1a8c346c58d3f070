// What a preset is: a broker's format as data (brokers/<broker>.ts hold them).
import type { ImportSource } from '../rows';
import type {
  DateFormat,
  DecimalSeparator,
  ImportField,
  PresetId,
  TypeAction,
  TypeWordMap,
} from '../types';

/** The text cell a hook reads quantity, price and the trade word from. */
export type TextHook = 'saxo-event' | 'degiro-description' | 'quantity-sign';

export interface Preset {
  id: PresetId;
  source: ImportSource;
  label: string;
  /** Header names that must all be present (any one set), matched trimmed and case-insensitively. */
  fingerprint: readonly (readonly string[])[];
  /** Field → column; a list names alternatives, the first present wins. */
  columns: Partial<Record<ImportField, string | readonly string[]>>;
  decimalSeparator?: DecimalSeparator;
  dateFormat?: DateFormat;
  typeWords: TypeWordMap;
  /** Type words that mark a cancelled row (IBKR's `BUY (Ca.)`). */
  cancelledWords?: readonly string[];
  /** Type words whose amount is the fee of the trade with the same external id (DEGIRO). */
  feeWords?: readonly string[];
  hook?: TextHook;
  /** A trade's amount is shares × price, without the fee (DEGIRO, IBKR's `TradeMoney`). */
  grossAmount?: boolean;
  /** No fee column: the fee is what the booked amount holds beyond shares × price. */
  feeFromAmount?: boolean;
  /** The currency of amounts when no column says it (Saxo's booked amounts). */
  accountCurrency?: string;
  /** Not an import file: recognised to say which file to export instead. */
  wrongFile?: boolean;
}

/** Type words that all mean one action. */
export const words = (action: TypeAction, ...list: string[]): TypeWordMap =>
  Object.fromEntries(list.map((word) => [word, action]));
