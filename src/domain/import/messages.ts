// Every message the parser gives, as a code with params: the screen words them in Danish and
// English, so no sentence is written here.

export const IMPORT_MESSAGE_CODES = [
  // The file as a whole.
  'file.empty',
  'file.binary',
  'file.xls_unsupported',
  'file.xlsx_unreadable',
  'file.json_unreadable',
  'file.no_columns',
  'file.no_rows',
  'file.all_invalid',
  'file.wrong_degiro_file',
  'file.unknown_types',
  // Per field of a row.
  'date.missing',
  'date.unreadable',
  'date.ambiguous',
  'number.missing',
  'number.unreadable',
  'number.ambiguous',
  'number.too_many_decimals',
  'number.not_positive',
  'number.rounded',
  'type.missing',
  'type.unknown',
  'instrument.missing',
  'isin.invalid',
  'currency.missing',
  'currency.unsupported',
  'currency.gbx_converted',
  'event.unreadable',
  'split.ratio_missing',
  'amount.mismatch',
  'amount.price_in_trading_currency',
  // What the parser decided about a whole row.
  'row.cancelled',
  'row.cash',
  'row.ignored',
  'row.ragged',
  'row.withholding_paired',
  'row.withholding_exceeds',
  'row.withholding_unpaired',
  'row.fee_folded',
] as const;
export type ImportMessageCode = (typeof IMPORT_MESSAGE_CODES)[number];

export type MessageLevel = 'error' | 'warning' | 'info';

/**
 * One message. `field` is the ImportRow field it is about (`date`, `shares`, `instrument.isin`…)
 * or absent for the whole row or file; `params` fill the translated sentence.
 */
export interface ImportMessage {
  level: MessageLevel;
  code: ImportMessageCode;
  field?: string;
  params?: Record<string, string | number>;
}

type Make = (
  code: ImportMessageCode,
  field?: string,
  params?: Record<string, string | number>,
) => ImportMessage;

const make =
  (level: MessageLevel): Make =>
  (code, field, params) => ({
    level,
    code,
    ...(field ? { field } : {}),
    ...(params ? { params } : {}),
  });

export const error = make('error');
export const warning = make('warning');
export const info = make('info');
