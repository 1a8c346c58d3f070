// Hand-written decoders for every answer (decisions.md section 1): lenient where Laravel is
// (numeric strings, numeric ids), strict everywhere else. A bad answer throws a 'decode' ApiError.
import {
  ASSET_CLASSES,
  INSTRUMENT_TYPES,
  TRANSACTION_TYPES,
  type ChartPoint,
  type EnteredEvent,
  type HeldInstrument,
  type Id,
  type Investment,
  type Portfolio,
  type Positions,
  type Statistics,
  type Transaction,
  type TransactionType,
  type User,
  type Valuation,
  type ValueChange,
} from '../domain/types';
import type { Instrument } from '../domain/market';
import { isDay } from '../domain/dates';
import { ApiError, decodeError } from './errors';
import type { QuotedInvestment, Quote } from './price-types';

export type Decoder<T> = (value: unknown, path: string) => T;

export function fail(path: string, expected: string): never {
  throw decodeError(`${path} is not ${expected}`);
}

export function record(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  return value as Record<string, unknown>;
}

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

export const number: Decoder<number> = (value, path) => {
  const n = typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) fail(path, 'a number');
  return n;
};

export const string: Decoder<string> = (value, path) => {
  if (typeof value !== 'string') fail(path, 'a string');
  return value;
};

export const boolean: Decoder<boolean> = (value, path) => {
  if (typeof value !== 'boolean') fail(path, 'a boolean');
  return value;
};

/** A calendar day, YYYY-MM-DD. */
export const day: Decoder<string> = (value, path) =>
  isDay(string(value, path)) ? (value as string) : fail(path, 'a day');

export const id: Decoder<Id> = (value, path) => {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value;
  return fail(path, 'an id');
};

function nullable<T>(decode: Decoder<T>): Decoder<T | null> {
  return (value, path) => (value === null || value === undefined ? null : decode(value, path));
}

function array<T>(decode: Decoder<T>): Decoder<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) fail(path, 'a list');
    return value.map((item, i) => decode(item, `${path}[${i}]`));
  };
}

/** The value under `key` of an answer object, e.g. `{ "portfolios": [...] }`. */
export function field<T>(body: unknown, key: string, decode: Decoder<T>): T {
  return decode(record(body, 'the answer')[key], key);
}

/**
 * What a create answers under `data`, or null when it answered without a body: a repeat of a
 * create whose first answer was lost after the record was saved (docs/openapi.yaml).
 */
export function created<T>(body: unknown, decode: Decoder<T>): T | null {
  return body === undefined ? null : field(body, 'data', orNull(decode));
}

/** An object of these fields, each read by its decoder in this order; other fields are dropped. */
export function shape<T>(fields: { [K in keyof T]: Decoder<T[K]> }): Decoder<T> {
  return (value, path) => {
    const o = record(value, path);
    const decoded = {} as T;
    for (const key in fields) decoded[key] = fields[key](o[key], `${path}.${key}`);
    return decoded;
  };
}

export const user = shape<User>({ name: string, email: string });

const positions = shape<Positions>({ lifetime: number, realised: number, unrealised: number });

const valueChange = shape<ValueChange>({ value: number, change: number, changeRatio: number });

export const valuation = shape<Valuation>({ value: valueChange, positions });

const portfolioFields = shape<Omit<Portfolio, keyof ValueChange>>({
  id,
  name: string,
  change_percentage: number,
  investments: number,
  positions,
});

export const portfolio: Decoder<Portfolio> = (value, path) => ({
  ...valueChange(value, path),
  ...portfolioFields(value, path),
});

function oneOf<T extends string>(values: readonly T[]): Decoder<T> {
  return (value, path) => values.find((v) => v === value) ?? fail(path, values.join(' or '));
}

const heldInstrument = shape<HeldInstrument>({
  type: oneOf(INSTRUMENT_TYPES),
  isin: string,
  asset_class: oneOf(ASSET_CLASSES),
  currency: string,
});

const quote = shape<Quote>({
  price: number,
  currency: string,
  price_dkk: number,
  date: day,
  source: string,
});

const investmentFields = shape<Omit<Investment, keyof ValueChange | 'instrument'>>({
  id,
  name: string,
  portfolio_id: id,
  shares: number,
  change_percentage: number,
  positions,
});

export const investment: Decoder<QuotedInvestment> = (value, path) => {
  const o = record(value, path);
  const instrument = nullable(heldInstrument)(o.instrument, `${path}.instrument`);
  const quoted = nullable(quote)(o.quote, `${path}.quote`);
  return {
    ...valueChange(o, path),
    ...investmentFields(o, path),
    // Both absent from a backend that keeps to the spec's fields.
    ...(instrument && { instrument }),
    ...(quoted && { quote: quoted }),
  };
};

/** Event types are matched case-insensitively; an unknown one is the spec's error. */
export const transactionType: Decoder<TransactionType> = (value, path) => {
  const raw = string(value, path).toLowerCase();
  const type = TRANSACTION_TYPES.find((t) => t === raw);
  if (!type) throw new ApiError({ kind: 'decode', message: 'NO SUCH TRANSACTION' });
  return type;
};

export const transaction = shape<Transaction>({
  id,
  investment_id: id,
  type: transactionType,
  stock_name: string,
  total_value: number,
  stock_price: number,
  shares: number,
  date: string,
  from_shares: nullable(number),
  to_shares: nullable(number),
});

const optionalNumber = (value: unknown, path: string) =>
  value === undefined ? undefined : number(value, path);

export const enteredEvent: Decoder<EnteredEvent> = (value, path) => {
  const o = record(value, path);
  const amounts = [
    'shares',
    'share_price',
    'fee',
    'amount',
    'shares_after',
    'sold_shares',
    'sold_share_price',
  ] as const;
  const entered: EnteredEvent = {
    id: id(o.id, `${path}.id`),
    type: transactionType(o.type, `${path}.type`),
    date: string(o.date, `${path}.date`),
    currency_code: string(o.currency_code, `${path}.currency_code`),
  };
  for (const key of amounts) {
    const amount = optionalNumber(o[key], `${path}.${key}`);
    if (amount !== undefined) entered[key] = amount;
  }
  return entered;
};

export const statistics = shape<Statistics>({
  shares: number,
  costs: number,
  fees: number,
  // Not in the spec's call table; a backend without it reports none received.
  dividends: (value, path) => (value === undefined ? 0 : number(value, path)),
  lifetime: number,
  realised: number,
  unrealised: number,
});

export const chartPoint = shape<ChartPoint>({ time: string, value: number });

/** An entry of GET /instruments (Formue's own call): the catalogue's fields, `isin` as `code`. */
export const catalogueInstrument: Decoder<Instrument> = (value, path) => {
  const o = record(value, path);
  const type = o.type === 'stock' || o.type === 'crypto' ? o.type : fail(`${path}.type`, 'a type');
  return {
    type,
    code: string(o.isin, `${path}.isin`),
    name: string(o.name, `${path}.name`),
    currency: string(o.currency, `${path}.currency`),
  };
};

export const list = array;
export const orNull = nullable;
