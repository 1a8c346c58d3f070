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
import { ApiError, decodeError } from './errors';

type Decoder<T> = (value: unknown, path: string) => T;

function fail(path: string, expected: string): never {
  throw decodeError(`${path} is not ${expected}`);
}

function record(value: unknown, path: string): Record<string, unknown> {
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

export const user: Decoder<User> = (value, path) => {
  const o = record(value, path);
  return { name: string(o.name, `${path}.name`), email: string(o.email, `${path}.email`) };
};

const positions: Decoder<Positions> = (value, path) => {
  const o = record(value, path);
  return {
    lifetime: number(o.lifetime, `${path}.lifetime`),
    realised: number(o.realised, `${path}.realised`),
    unrealised: number(o.unrealised, `${path}.unrealised`),
  };
};

const valueChange: Decoder<ValueChange> = (value, path) => {
  const o = record(value, path);
  return {
    value: number(o.value, `${path}.value`),
    change: number(o.change, `${path}.change`),
    changeRatio: number(o.changeRatio, `${path}.changeRatio`),
  };
};

export const valuation: Decoder<Valuation> = (value, path) => {
  const o = record(value, path);
  return {
    value: valueChange(o.value, `${path}.value`),
    positions: positions(o.positions, `${path}.positions`),
  };
};

export const portfolio: Decoder<Portfolio> = (value, path) => {
  const o = record(value, path);
  return {
    ...valueChange(o, path),
    id: id(o.id, `${path}.id`),
    name: string(o.name, `${path}.name`),
    change_percentage: number(o.change_percentage, `${path}.change_percentage`),
    investments: number(o.investments, `${path}.investments`),
    positions: positions(o.positions, `${path}.positions`),
  };
};

function oneOf<T extends string>(values: readonly T[]): Decoder<T> {
  return (value, path) => values.find((v) => v === value) ?? fail(path, values.join(' or '));
}

const heldInstrument: Decoder<HeldInstrument> = (value, path) => {
  const o = record(value, path);
  return {
    type: oneOf(INSTRUMENT_TYPES)(o.type, `${path}.type`),
    isin: string(o.isin, `${path}.isin`),
    asset_class: oneOf(ASSET_CLASSES)(o.asset_class, `${path}.asset_class`),
    currency: string(o.currency, `${path}.currency`),
  };
};

export const investment: Decoder<Investment> = (value, path) => {
  const o = record(value, path);
  const instrument = nullable(heldInstrument)(o.instrument, `${path}.instrument`);
  return {
    ...valueChange(o, path),
    id: id(o.id, `${path}.id`),
    name: string(o.name, `${path}.name`),
    portfolio_id: id(o.portfolio_id, `${path}.portfolio_id`),
    shares: number(o.shares, `${path}.shares`),
    change_percentage: number(o.change_percentage, `${path}.change_percentage`),
    positions: positions(o.positions, `${path}.positions`),
    // Absent from a backend that keeps to the spec's fields.
    ...(instrument && { instrument }),
  };
};

/** Event types are matched case-insensitively; an unknown one is the spec's error. */
export const transactionType: Decoder<TransactionType> = (value, path) => {
  const raw = string(value, path).toLowerCase();
  const type = TRANSACTION_TYPES.find((t) => t === raw);
  if (!type) throw new ApiError({ kind: 'decode', message: 'NO SUCH TRANSACTION' });
  return type;
};

export const transaction: Decoder<Transaction> = (value, path) => {
  const o = record(value, path);
  return {
    id: id(o.id, `${path}.id`),
    investment_id: id(o.investment_id, `${path}.investment_id`),
    type: transactionType(o.type, `${path}.type`),
    stock_name: string(o.stock_name, `${path}.stock_name`),
    total_value: number(o.total_value, `${path}.total_value`),
    stock_price: number(o.stock_price, `${path}.stock_price`),
    shares: number(o.shares, `${path}.shares`),
    date: string(o.date, `${path}.date`),
    from_shares: nullable(number)(o.from_shares, `${path}.from_shares`),
    to_shares: nullable(number)(o.to_shares, `${path}.to_shares`),
  };
};

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

export const statistics: Decoder<Statistics> = (value, path) => {
  const o = record(value, path);
  return {
    shares: number(o.shares, `${path}.shares`),
    costs: number(o.costs, `${path}.costs`),
    fees: number(o.fees, `${path}.fees`),
    // Not in the spec's call table; a backend without it reports none received.
    dividends: o.dividends === undefined ? 0 : number(o.dividends, `${path}.dividends`),
    lifetime: number(o.lifetime, `${path}.lifetime`),
    realised: number(o.realised, `${path}.realised`),
    unrealised: number(o.unrealised, `${path}.unrealised`),
  };
};

export const chartPoint: Decoder<ChartPoint> = (value, path) => {
  const o = record(value, path);
  return { time: string(o.time, `${path}.time`), value: number(o.value, `${path}.value`) };
};

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
