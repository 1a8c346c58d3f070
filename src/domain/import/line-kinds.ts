// A data line read as the row its type word makes it: a trade, a dividend (or its withholding tax)
// or a split, with what every kind shares (instrument, currency, day) read once; ./build.ts
// decides the kind and gives every line its status.

import Big from 'big.js';
import { isCurrency } from '../market';
import { decimalsOf } from './decimal-text';
import { readRatio, type HookReading } from './hooks';
import { checkTradeMoney } from './money';
import { error, info } from './messages';
import type { ImportRow } from './rows';
import type { LineReader } from './line-reader';

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
export interface Common {
  base: Omit<ImportRow, 'kind'>;
  /** 0.01 for prices in pence. */
  factor: string;
  rate?: string;
  amountCurrency: string;
}

export function common(
  reader: LineReader,
  hook: HookReading | undefined,
  day: string | null,
): Common {
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

export function trade(
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
export function dividend(
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
export function split(reader: LineReader, word: string, line: number, { base }: Common): ImportRow {
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
