// A framed table to wire rows: each data line read with the column map, the type words and the
// number and date settings, and every line given a status.

import Big from 'big.js';
import { isCurrency } from '../market';
import { readDay } from './day-text';
import { readHook } from './hooks';
import { error, info, warning } from './messages';
import { cashKindOf, normalise } from './presets';
import type { ImportCashRow, ImportRow } from './rows';
import { LineReader, type BuildSettings, type DataRow } from './line-reader';
import type { LineStatus, TypeAction, TypeWordMap } from './types';
import { common, dividend, split, trade } from './line-kinds';

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
