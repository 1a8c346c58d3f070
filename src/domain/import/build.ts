// A framed table to wire rows: each data line read with the column map, the type words and the
// number and date settings, and every line given a status.

import Big from 'big.js';
import { isValidIsin, normaliseIdentifier } from '../isin';
import { isCurrency } from '../market';
import { MONEY_DECIMALS, SHARE_DECIMALS } from '../numbers';
import { readDay } from './day-text';
import { decimalsOf, readDecimal, roundTo } from './decimal-text';
import { readHook, readRatio, type HookReading } from './hooks';
import { error, info, warning, type ImportMessage } from './messages';
import { normalise, type Preset } from './presets';
import type { ImportRow } from './rows';
import type {
  ColumnMap,
  DateFormat,
  DecimalSeparator,
  ImportField,
  LineStatus,
  TypeAction,
  TypeWordMap,
} from './types';

export interface DataRow {
  line: number;
  cells: string[];
  /** Cells the file had on this line, when other than the header's count. */
  width?: number;
}

export interface BuildSettings {
  headers: string[];
  columns: ColumnMap;
  typeWords: TypeWordMap;
  preset?: Preset;
  dateFormat: DateFormat | null;
  /** The date formats that fit the column, for a value read when `dateFormat` is null. */
  dateCandidates: DateFormat[];
  /** Per field; null reads each value on its own (and asks for "1.234"). */
  decimals: Partial<Record<ImportField, DecimalSeparator | null>>;
  /** For numbers inside text cells. */
  textDecimal: DecimalSeparator | null;
  currency?: string;
  splitRatios?: Record<number, { from: number; to: number }>;
}

/** A line read, before pairing withholding taxes and folding fees. */
export interface BuiltLine {
  status: LineStatus;
  row?: ImportRow;
  action?: TypeAction;
  /** Withholding tax and fee lines: their amount (exact, unsigned) and currency. */
  cash?: { amount: string; currency: string };
  /** The file's running quantity, for reconciliation. */
  totalShares?: string;
  externalId?: string;
  instrumentKey?: string;
}

/** Type words compared trimmed and case-insensitively. */
export function wordMap(...maps: TypeWordMap[]): Map<string, TypeAction> {
  const merged = new Map<string, TypeAction>();
  for (const map of maps) {
    for (const [word, action] of Object.entries(map)) merged.set(normalise(word), action);
  }
  return merged;
}

const GBX = new Set(['GBX', 'GBP.', 'GBPENCE']);

export function buildLine(
  data: DataRow,
  settings: BuildSettings,
  words: Map<string, TypeAction>,
  columnIndex: Map<ImportField, number>,
): BuiltLine {
  const messages: ImportMessage[] = [];
  const status: LineStatus = { line: data.line, status: 'ok', messages, cells: data.cells };
  const done = (extra: Partial<BuiltLine> = {}): BuiltLine => {
    status.status = messages.some((m) => m.level === 'error')
      ? 'error'
      : messages.some((m) => m.level === 'warning')
        ? 'warning'
        : status.status;
    return { status, ...extra };
  };
  const skip = (reason: LineStatus['reason'], extra: Partial<BuiltLine> = {}): BuiltLine => {
    status.status = 'skipped';
    status.reason = reason;
    return { status, ...extra };
  };
  const get = (field: ImportField): string => {
    const index = columnIndex.get(field);
    return index === undefined ? '' : (data.cells[index] ?? '').trim();
  };

  if (data.width !== undefined) {
    const extra = data.cells.length < data.width;
    messages.push(
      (extra ? info : warning)('row.ragged', undefined, {
        expected: settings.headers.length,
        got: data.width,
      }),
    );
  }
  if (get('cancelled') !== '') {
    messages.push(info('row.cancelled', 'cancelled', { value: get('cancelled') }));
    return skip('cancelled');
  }

  const preset = settings.preset;
  const hook: HookReading | undefined = preset?.hook
    ? readHook(preset.hook, get('text'), get('shares'))
    : undefined;
  const word = hook?.word ?? get('type');
  status.word = word;
  if (preset?.cancelledWords?.some((cancelled) => normalise(cancelled) === normalise(word))) {
    messages.push(info('row.cancelled', 'type', { word }));
    return skip('cancelled');
  }
  if (word === '') {
    messages.push(error('type.missing', 'type'));
    return done();
  }
  const action = words.get(normalise(word));
  if (!action) {
    messages.push(error('type.unknown', 'type', { word }));
    return done();
  }
  if (action === 'skip') {
    messages.push(info('row.ignored', 'type', { word }));
    return skip('ignored', { action });
  }

  // Numbers: a column's own separator, or the text hook's.
  const number = (
    field: string,
    text: string,
    decimal: DecimalSeparator | null,
  ): string | undefined => {
    if (text === '') return undefined;
    const reading = readDecimal(text, decimal);
    if ('value' in reading) return reading.value;
    messages.push(
      error(reading.problem === 'ambiguous' ? 'number.ambiguous' : 'number.unreadable', field, {
        value: text,
      }),
    );
    return undefined;
  };
  const column = (field: ImportField): string | undefined =>
    number(field, get(field), settings.decimals[field] ?? null);

  const externalId = get('external_id') || undefined;
  const isinText = normaliseIdentifier(get('isin'));
  const instrument: ImportRow['instrument'] = { name: get('name') || get('symbol') || isinText };
  if (isinText !== '') {
    if (isValidIsin(isinText)) instrument.isin = isinText;
    else if (action !== 'cash') {
      messages.push(error('isin.invalid', 'instrument.isin', { value: isinText }));
    }
  }
  if (get('symbol') !== '') instrument.symbol = get('symbol');
  const instrumentKey = instrument.isin ?? instrument.symbol ?? instrument.name;

  // Currency: a trade's own, else the amount's, else the file's or the user's default.
  const amountCurrency = get('amount_currency') || get('currency') || preset?.accountCurrency;
  let currency = (hook?.currency ?? get('currency')) || amountCurrency || settings.currency || '';

  if (action === 'cash') {
    messages.push(info('row.cash', 'type', { word }));
    const amount = column('amount');
    return skip('cash', {
      action,
      externalId,
      ...(amount
        ? {
            cash: {
              amount: new Big(amount).abs().toFixed(),
              currency: (amountCurrency ?? currency).toUpperCase(),
            },
          }
        : {}),
    });
  }

  const dateText = get('date');
  let date: string | null = null;
  if (dateText === '') messages.push(error('date.missing', 'date'));
  else if (settings.dateFormat) {
    date = readDay(dateText, settings.dateFormat);
    if (!date) {
      messages.push(
        error('date.unreadable', 'date', { value: dateText, format: settings.dateFormat }),
      );
    }
  } else {
    const readings = new Set(settings.dateCandidates.map((format) => readDay(dateText, format)));
    const [only] = [...readings];
    if (readings.size === 1 && only) date = only;
    else {
      messages.push(
        error(readings.size > 1 ? 'date.ambiguous' : 'date.unreadable', 'date', {
          value: dateText,
        }),
      );
    }
  }

  if (instrument.name === '') messages.push(error('instrument.missing', 'instrument.name'));

  let priceFactor = '1';
  const currencyField = 'currency_code';
  currency = currency.trim();
  if (GBX.has(currency.toUpperCase()) || currency === 'GBp') {
    priceFactor = '0.01';
    messages.push(info('currency.gbx_converted', currencyField, { value: currency }));
    currency = 'GBP';
  }
  currency = currency.toUpperCase();
  if (currency === '') messages.push(error('currency.missing', currencyField));
  else if (!isCurrency(currency)) {
    messages.push(error('currency.unsupported', currencyField, { value: currency }));
  }

  const rate = column('exchange_rate');
  const base: Omit<ImportRow, 'kind'> = {
    line: data.line,
    date: date ?? '',
    instrument,
    currency_code: currency,
    ...(externalId ? { external_id: externalId } : {}),
    ...(rate && currency !== 'DKK' && new Big(rate).gt(0) ? { exchange_rate: Number(rate) } : {}),
  };

  const money = (field: string, value: string | undefined, factor = '1'): number | undefined => {
    if (value === undefined) return undefined;
    const scaled = new Big(value).times(factor).abs().toFixed();
    if (decimalsOf(scaled) <= MONEY_DECIMALS) return Number(scaled);
    messages.push(info('number.rounded', field, { value: scaled, decimals: MONEY_DECIMALS }));
    return Number(roundTo(scaled, MONEY_DECIMALS));
  };
  const shareCount = (value: string | undefined): number | undefined => {
    if (value === undefined) return undefined;
    const abs = new Big(value).abs().toFixed();
    if (decimalsOf(abs) > SHARE_DECIMALS) {
      messages.push(
        error('number.too_many_decimals', 'shares', { value, decimals: SHARE_DECIMALS }),
      );
      return undefined;
    }
    return Number(abs);
  };

  if (action === 'buy' || action === 'sell') {
    const sharesText = hook?.shares
      ? number('shares', hook.shares, settings.textDecimal)
      : column('shares');
    const priceText = hook?.price
      ? number('share_price', hook.price, settings.textDecimal)
      : column('share_price');
    const shares = shareCount(sharesText);
    if (sharesText === undefined && !messages.some((m) => m.field === 'shares')) {
      messages.push(error('number.missing', 'shares'));
    } else if (shares === 0) messages.push(error('number.not_positive', 'shares', { value: 0 }));
    if (priceText === undefined && !messages.some((m) => m.field === 'share_price')) {
      messages.push(error('number.missing', 'share_price'));
    }
    const price = money('share_price', priceText, priceFactor);
    let feeText = column('fee');
    // A fee in another currency than the trade's (DEGIRO's EUR) is turned into the trade's
    // currency with the file's own rate.
    const feeRate = column('fee_rate');
    if (feeText && feeRate) feeText = new Big(feeText).times(feeRate).toFixed();
    const feeCurrency = get('fee_currency').toUpperCase();
    const fee = money('fee', feeText, feeCurrency === 'GBX' ? '0.01' : '1');
    const row: ImportRow = {
      ...base,
      kind: action,
      ...(shares !== undefined ? { shares } : {}),
      ...(price !== undefined ? { share_price: price } : {}),
      ...(fee ? { fee } : {}),
    };
    return done({
      row: date ? row : undefined,
      action,
      totalShares: column('total_shares'),
      externalId,
      instrumentKey,
    });
  }

  if (action === 'dividend' || action === 'withholding_tax') {
    const amountText = column('amount');
    if (amountText === undefined && !messages.some((m) => m.field === 'amount')) {
      messages.push(error('number.missing', 'amount'));
    }
    const divCurrency = (amountCurrency ?? currency).toUpperCase();
    const row: ImportRow = {
      ...base,
      kind: 'dividend',
      currency_code: isCurrency(divCurrency) ? divCurrency : currency,
      ...(amountText !== undefined ? { amount: money('amount', amountText) } : {}),
    };
    if (row.currency_code === 'DKK') delete row.exchange_rate;
    if (action === 'withholding_tax') {
      return done({
        action,
        instrumentKey,
        externalId,
        ...(amountText !== undefined && date
          ? { cash: { amount: new Big(amountText).abs().toFixed(), currency: row.currency_code } }
          : {}),
        row: date ? row : undefined,
      });
    }
    return done({ row: date ? row : undefined, action, externalId, instrumentKey });
  }

  // A split: the ratio from the text, the type word or the user; else the row asks for it.
  const given = settings.splitRatios?.[data.line];
  const textRatio = readRatio(`${get('text')} ${word}`);
  let from: number | undefined;
  let to: number | undefined;
  if (given) ({ from, to } = given);
  else if (textRatio) {
    const fromText = number('split_from', textRatio.from, settings.textDecimal);
    const toText = number('split_to', textRatio.to, settings.textDecimal);
    if (fromText && toText) [from, to] = [Number(fromText), Number(toText)];
  }
  if (!from || !to || from <= 0 || to <= 0) {
    messages.push(error('split.ratio_missing', 'split_from', { line: data.line }));
  }
  const row: ImportRow = {
    ...base,
    kind: 'split',
    ...(from && to ? { split_from: from, split_to: to } : {}),
  };
  delete row.exchange_rate;
  return done({
    row: date ? row : undefined,
    action,
    totalShares: column('total_shares'),
    externalId,
    instrumentKey,
  });
}
