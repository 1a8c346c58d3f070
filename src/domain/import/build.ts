// A framed table to wire rows: each data line read with the column map, the type words and the
// number and date settings, and every line given a status.

import Big from 'big.js';
import { isCurrency } from '../market';
import { readDay } from './day-text';
import { decimalsOf } from './decimal-text';
import { readHook, readRatio, type HookReading } from './hooks';
import { checkTradeMoney } from './money';
import { error, info, warning } from './messages';
import { cashKindOf, normalise } from './presets';
import type { ImportCashRow, ImportRow } from './rows';
import { LineReader, type BuildSettings, type DataRow } from './line-reader';
import type { LineStatus, TypeAction, TypeWordMap } from './types';

/** A line read, before pairing withholding taxes and folding fees. */
export interface BuiltLine {
  status: LineStatus;
  row?: ImportRow;
  action?: TypeAction;
  /** A cash line as the request's `cash` row, when its day, amount and currency read. */
  cashRow?: ImportCashRow;
  /** Withholding tax and cash lines: their amount (exact, unsigned) and currency. */
  cash?: { amount: string; currency: string };
  /** A dividend's booked amount's currency, when it is kept in another (its own). */
  bookedIn?: string;
  /**
   * A dividend booked in DKK whose shares × dividend per share add up at the row's rate, in a
   * currency the row does not name: the dividend in it, once a trade of the file names it.
   */
  foreign?: { amount: number; rate: number };
  /** The file's running quantity, for reconciliation. */
  totalShares?: string;
  /** A trade's own amount in the file (unsigned), for the totals per year. */
  fileAmount?: { amount: string; currency: string };
  /** The line's signed amount and the file's running cash balance after it (Nordnet `Saldo`). */
  balance?: BalanceStep;
  externalId?: string;
  instrumentKey?: string;
}

export interface BalanceStep {
  account: string;
  currency: string;
  amount: string;
  balance: string;
  day: string | null;
}

export function wordMap(...maps: TypeWordMap[]): Map<string, TypeAction> {
  const merged = new Map<string, TypeAction>();
  for (const map of maps) {
    for (const [word, action] of Object.entries(map)) merged.set(normalise(word), action);
  }
  return merged;
}

const PENCE = new Set(['GBX', 'GBP.', 'GBPENCE']);

/**
 * The fee a booked amount implies (Saxo books the total in the account's currency): the amount
 * in the trade's currency at the broker's rate, less (buy) or more (sell) than shares × price,
 * to the cent. Undefined when that is negative, as then the amount is not the trade's total.
 */
function feeFromAmount(
  action: 'buy' | 'sell',
  shares: string,
  price: string,
  amount: string | undefined,
  rate: string | undefined,
): string | undefined {
  if (amount === undefined) return undefined;
  const total = new Big(amount).abs().div(rate && new Big(rate).gt(0) ? rate : 1);
  const gross = new Big(shares).abs().times(price);
  const fee = (action === 'buy' ? total.minus(gross) : gross.minus(total)).round(
    2,
    Big.roundHalfUp,
  );
  return fee.gte(0) ? fee.toFixed() : undefined;
}

/** What every kind of row shares: day, instrument, currency (pence made pounds), broker rate. */
interface Common {
  base: Omit<ImportRow, 'kind'>;
  /** 0.01 for prices in pence. */
  factor: string;
  rate?: string;
  amountCurrency: string;
}

function common(reader: LineReader, hook: HookReading | undefined, day: string | null): Common {
  const { settings } = reader;
  const amountCurrency = (
    reader.get('amount_currency') ||
    settings.preset?.accountCurrency ||
    reader.get('currency') ||
    settings.currency ||
    ''
  ).toUpperCase();
  let currency = ((hook?.currency ?? reader.get('currency')) || amountCurrency).trim();
  let factor = '1';
  if (PENCE.has(currency.toUpperCase()) || currency === 'GBp') {
    factor = '0.01';
    reader.messages.push(info('currency.gbx_converted', 'currency_code', { value: currency }));
    currency = 'GBP';
  }
  currency = currency.toUpperCase();
  if (currency === '') reader.messages.push(error('currency.missing', 'currency_code'));
  else if (!isCurrency(currency)) {
    reader.messages.push(error('currency.unsupported', 'currency_code', { value: currency }));
  }
  const rate = reader.column('exchange_rate');
  const externalId = reader.get('external_id');
  const base: Omit<ImportRow, 'kind'> = {
    line: 0,
    date: day ?? '',
    instrument: reader.instrument(true),
    currency_code: currency,
    ...(externalId ? { external_id: externalId } : {}),
    // A rate per penny is a rate per pound times 100.
    ...(rate && currency !== 'DKK' && new Big(rate).gt(0)
      ? { exchange_rate: Number(new Big(rate).div(factor).toFixed()) }
      : {}),
  };
  return { base, factor, ...(rate ? { rate } : {}), amountCurrency };
}

function trade(
  reader: LineReader,
  action: 'buy' | 'sell',
  hook: HookReading | undefined,
  common: Common,
): ImportRow {
  const { base, factor, rate } = common;
  const { settings } = reader;
  const sharesText = hook?.shares
    ? reader.number('shares', hook.shares, settings.textDecimal)
    : reader.column('shares');
  const priceText = hook?.price
    ? reader.number('share_price', hook.price, settings.textDecimal)
    : reader.column('share_price');
  reader.required('shares', sharesText);
  reader.required('share_price', priceText);
  const shares = reader.shares(sharesText);
  if (shares === 0) reader.messages.push(error('number.not_positive', 'shares', { value: 0 }));
  let feeText = reader.column('fee');
  if (feeText === undefined && settings.preset?.feeFromAmount && sharesText && priceText) {
    feeText = feeFromAmount(action, sharesText, priceText, reader.column('amount'), rate);
  }
  // A fee in another currency than the trade's (DEGIRO's EUR) is turned into the trade's
  // currency with the file's own rate; else it is in the trade's currency as the file names it
  // (pence too), or in its own column's.
  const feeRate = reader.column('fee_rate');
  if (feeText && feeRate) feeText = new Big(feeText).times(feeRate).toFixed();
  const feeCurrency = reader.get('fee_currency').toUpperCase();
  const feeFactor = feeCurrency === '' || feeRate ? factor : PENCE.has(feeCurrency) ? '0.01' : '1';
  let price = reader.money('share_price', priceText, factor);
  const fee = reader.money('fee', feeText, feeFactor);
  // An amount column that is also the fee column (a bank's file mapped by hand) is no total.
  const { columns } = settings;
  const amount = columns.amount === columns.fee ? undefined : reader.column('amount');
  if (shares && price !== undefined && amount !== undefined) {
    const reading = checkMoney(reader, action, { shares, price, fee, amount }, common);
    if (reading !== undefined) price = reading;
  }
  return {
    ...base,
    kind: action,
    ...(shares !== undefined ? { shares } : {}),
    ...(price !== undefined ? { share_price: price } : {}),
    ...(fee ? { fee } : {}),
  };
}

/**
 * The trade held against the file's own amount: a difference beyond rounding is an error naming
 * both figures, unless the price is in the instrument's trading currency, whose price in the
 * amount's currency is then answered.
 */
function checkMoney(
  reader: LineReader,
  action: 'buy' | 'sell',
  figures: { shares: number; price: number; fee: number | undefined; amount: string },
  { base, factor, rate, amountCurrency }: Common,
): number | undefined {
  const { preset } = reader.settings;
  const inPence = PENCE.has(amountCurrency);
  const currency = inPence ? 'GBP' : amountCurrency || base.currency_code;
  const amount = new Big(figures.amount).abs().times(inPence ? '0.01' : 1);
  // The rate as booked: per pound for a rate per penny.
  const booked = rate && new Big(rate).gt(0) ? new Big(rate).div(factor).toFixed() : undefined;
  const check = checkTradeMoney({
    action,
    shares: String(figures.shares),
    price: String(figures.price),
    fee: String(figures.fee ?? 0),
    currency: base.currency_code,
    amount: amount.toFixed(),
    amountCurrency: currency,
    ...(booked ? { rate: booked } : {}),
    rateDecimals: booked ? decimalsOf(booked) : 0,
    ...(preset ? { gross: preset.grossAmount ?? false } : {}),
    feeFromAmount: preset?.feeFromAmount ?? false,
  });
  const shown = { currency, amount: amount.toFixed(2) };
  if (check.result === 'mismatch') {
    reader.messages.push(
      error('amount.mismatch', 'amount', { ...shown, computed: check.computed }),
    );
  }
  if (check.result !== 'trading_currency') return undefined;
  const price = reader.money('share_price', check.price);
  reader.messages.push(
    info('amount.price_in_trading_currency', 'share_price', {
      ...shown,
      price: String(figures.price),
      rate: rate ?? '',
      converted: String(price),
    }),
  );
  return price;
}

/**
 * A dividend (or its withholding tax on a line of its own, paired in summary.ts): the booked
 * amount, gross, in the amount's currency, and the tax withheld in a column of its own row.
 * Where the row gives the dividend per share (Nordnet `Antal` × `Kurs`), that is held against
 * the booked amount; in a currency the row names beside a rate, it is the dividend's own.
 */
function dividend(
  reader: LineReader,
  common: Common,
  tax: boolean,
): { row: ImportRow; foreign?: { amount: number; rate: number } } {
  const { base, amountCurrency } = common;
  const booked = reader.column('amount');
  reader.required('amount', booked);
  const withheld = tax ? undefined : reader.column('withholding_tax');
  const currency = isCurrency(amountCurrency) ? amountCurrency : base.currency_code;
  const row: ImportRow = {
    ...base,
    kind: 'dividend',
    currency_code: currency,
    ...(booked !== undefined ? { amount: reader.money('amount', booked) } : {}),
  };
  if (currency !== base.currency_code) delete row.exchange_rate;
  const own = booked === undefined || tax ? undefined : perShare(reader, common, booked);
  if (own && 'currency_code' in own) Object.assign(row, own);
  if (withheld !== undefined && !new Big(withheld).eq(0)) {
    // The column is in the booked amount's currency, as the amount.
    const inOwn =
      own && 'currency_code' in own ? new Big(withheld).div(own.exchange_rate) : withheld;
    row.withholding_tax = reader.money('withholding_tax', inOwn.toString());
  }
  return own && 'foreign' in own ? { row, foreign: own.foreign } : { row };
}

/**
 * The dividend per share times the shares, where the row gives them, against the booked amount
 * (as a trade's, fee-less): a difference beyond rounding is an error naming both figures. In
 * another currency than the booked amount's, at the row's rate, it is the dividend's own amount.
 */
type Own =
  | { amount: number; currency_code: string; exchange_rate: number }
  | { foreign: { amount: number; rate: number } };

function perShare(
  reader: LineReader,
  { base, factor, rate, amountCurrency }: Common,
  booked: string,
): Own | undefined {
  const shares = reader.quiet('shares');
  const price = reader.quiet('share_price');
  if (!shares || !price || new Big(price).eq(0) || !isCurrency(amountCurrency)) return undefined;
  const perShare = new Big(price).abs().times(factor).toFixed();
  const rated = rate && new Big(rate).gt(0) ? new Big(rate).div(factor).toFixed() : undefined;
  const amount = new Big(booked).abs();
  const check = checkTradeMoney({
    action: 'buy',
    shares: new Big(shares).abs().toFixed(),
    price: perShare,
    fee: '0',
    currency: base.currency_code,
    amount: amount.toFixed(),
    amountCurrency,
    ...(rated ? { rate: rated } : {}),
    rateDecimals: rated ? decimalsOf(rated) : 0,
    gross: true,
    feeFromAmount: false,
  });
  if (check.result === 'mismatch') {
    reader.messages.push(
      error('amount.mismatch', 'amount', {
        currency: amountCurrency,
        amount: amount.toFixed(2),
        computed: check.computed,
      }),
    );
    return undefined;
  }
  if (check.result === 'unchecked' || !rated) return undefined;
  if (check.result === 'ok' && base.currency_code === amountCurrency) return undefined;
  const gross = reader.money('amount', new Big(shares).abs().times(perShare).toFixed());
  if (gross === undefined) return undefined;
  return check.result === 'trading_currency'
    ? { foreign: { amount: gross, rate: Number(rated) } }
    : { amount: gross, currency_code: base.currency_code, exchange_rate: Number(rated) };
}

/** A split's ratio from the text, the type word or the user; else the row asks for it. */
function split(reader: LineReader, word: string, line: number, { base }: Common): ImportRow {
  const { settings } = reader;
  let ratio = settings.splitRatios?.[line];
  const written = ratio ? undefined : readRatio(`${reader.get('text')} ${word}`);
  if (written) {
    const from = reader.number('split_from', written.from, settings.textDecimal);
    const to = reader.number('split_to', written.to, settings.textDecimal);
    if (from && to) ratio = { from: Number(from), to: Number(to) };
  }
  const valid = ratio && ratio.from > 0 && ratio.to > 0;
  if (!valid) reader.messages.push(error('split.ratio_missing', 'split_from', { line }));
  const row: ImportRow = {
    ...base,
    kind: 'split',
    ...(valid && ratio ? { split_from: ratio.from, split_to: ratio.to } : {}),
  };
  delete row.exchange_rate;
  return row;
}

/** Every line with an amount and a balance, cancelled and cash lines too, walks the balance. */
function balanceStep(reader: LineReader): BalanceStep | undefined {
  const balance = reader.quiet('balance');
  const amount = reader.quiet('amount');
  if (balance === undefined || amount === undefined) return undefined;
  const { dateFormat } = reader.settings;
  return {
    account: reader.get('account'),
    currency: (reader.get('amount_currency') || reader.get('currency')).toUpperCase(),
    amount,
    balance,
    day: dateFormat ? readDay(reader.get('date'), dateFormat) : null,
  };
}

export function buildLine(data: DataRow, settings: BuildSettings): BuiltLine {
  const line = buildRow(data, settings);
  const balance = balanceStep(new LineReader(data, settings));
  return balance ? { ...line, balance } : line;
}

function buildRow(data: DataRow, settings: BuildSettings): BuiltLine {
  const reader = new LineReader(data, settings);
  const { messages } = reader;
  if (data.width !== undefined) {
    // Empty cells too many are Nordnet's habit; cells too few or with text are worth a look.
    const level = data.cells.length < data.width ? info : warning;
    messages.push(
      level('row.ragged', undefined, { expected: settings.headers.length, got: data.width }),
    );
  }
  const cancelled = reader.get('cancelled');
  if (cancelled !== '') {
    messages.push(info('row.cancelled', 'cancelled', { value: cancelled }));
    return { status: reader.status(undefined, 'cancelled') };
  }

  const preset = settings.preset;
  const hook = preset?.hook
    ? readHook(preset.hook, reader.get('text'), reader.get('shares'))
    : undefined;
  const word = hook?.word ?? reader.get('type');
  if (preset?.cancelledWords?.some((known) => normalise(known) === normalise(word))) {
    messages.push(info('row.cancelled', 'type', { word }));
    return { status: reader.status(word, 'cancelled') };
  }
  const action = word === '' ? undefined : settings.words.get(normalise(word));
  if (!action) {
    messages.push(
      word === '' ? error('type.missing', 'type') : error('type.unknown', 'type', { word }),
    );
    return { status: reader.status(word) };
  }
  const externalId = reader.get('external_id') || undefined;
  if (action === 'skip') {
    messages.push(info('row.ignored', 'type', { word }));
    return { status: reader.status(word, 'ignored'), action };
  }
  if (action === 'cash') {
    messages.push(info('row.cash', 'type', { word }));
    const amount = reader.column('amount');
    const currency = (reader.get('amount_currency') || reader.get('currency')).toUpperCase();
    const date = reader.get('date') === '' ? null : reader.day();
    const unsigned = amount === undefined ? undefined : reader.money('amount', amount);
    return {
      status: reader.status(word, 'cash'),
      action,
      externalId,
      ...(amount ? { cash: { amount: new Big(amount).abs().toFixed(), currency } } : {}),
      ...(amount && date && unsigned && isCurrency(currency)
        ? {
            cashRow: {
              line: data.line,
              kind: cashKindOf(word, amount),
              date,
              amount: unsigned,
              currency_code: currency,
              ...(externalId !== undefined && { external_id: externalId }),
            },
          }
        : {}),
    };
  }

  const day = reader.day();
  const shared = common(reader, hook, day);
  shared.base.line = data.line;
  if (shared.base.instrument.name === '') {
    messages.push(error('instrument.missing', 'instrument.name'));
  }
  const income =
    action === 'dividend' || action === 'withholding_tax'
      ? dividend(reader, shared, action === 'withholding_tax')
      : undefined;
  const row =
    action === 'buy' || action === 'sell'
      ? trade(reader, action, hook, shared)
      : action === 'split'
        ? split(reader, word, data.line, shared)
        : (income as { row: ImportRow }).row;
  const instrument = row.instrument;
  const amount = reader.quiet('amount');
  const traded = action === 'buy' || action === 'sell';
  return {
    ...(traded && amount !== undefined
      ? {
          fileAmount: {
            amount: new Big(amount).abs().toFixed(),
            currency: shared.amountCurrency || row.currency_code,
          },
        }
      : {}),
    status: reader.status(word),
    action,
    externalId,
    instrumentKey: instrument.isin ?? instrument.symbol ?? instrument.name,
    ...(day ? { row } : {}),
    ...(action === 'dividend' && row.currency_code !== shared.amountCurrency
      ? { bookedIn: shared.amountCurrency }
      : {}),
    ...(income?.foreign ? { foreign: income.foreign } : {}),
    ...(action === 'withholding_tax' && row.amount !== undefined
      ? { cash: { amount: String(row.amount), currency: row.currency_code } }
      : {}),
    ...(action !== 'dividend' ? { totalShares: reader.column('total_shares') } : {}),
  };
}
