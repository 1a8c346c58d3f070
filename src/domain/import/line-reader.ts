// One data line of a table being read: its cells under the column map and the number and date
// settings, each value checked as it is read, with the line's messages collected.
import Big from 'big.js';
import { isValidIsin, normaliseIdentifier } from '../isin';
import { MONEY_DECIMALS, SHARE_DECIMALS } from '../numbers';
import { readDay } from './day-text';
import { decimalsOf, readDecimal, roundTo } from './decimal-text';
import { error, info, type ImportMessage } from './messages';
import type { ImportRow } from './rows';
import type { Preset } from './presets';
import type {
  ColumnMap,
  DateFormat,
  DecimalSeparator,
  ImportField,
  LineStatus,
  SkipReason,
  TypeAction,
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
  /** Type words compared trimmed and case-insensitively (see `wordMap`). */
  words: Map<string, TypeAction>;
  columnIndex: Map<ImportField, number>;
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

/** One line being read: its cells, under the settings, collecting its messages. */
export class LineReader {
  readonly messages: ImportMessage[] = [];

  constructor(
    private readonly data: DataRow,
    readonly settings: BuildSettings,
  ) {}

  get(field: ImportField): string {
    const index = this.settings.columnIndex.get(field);
    return index === undefined ? '' : (this.data.cells[index] ?? '').trim();
  }

  has(field: string): boolean {
    return this.messages.some((message) => message.field === field);
  }

  /** An exact decimal of text written with `decimal`; undefined (and a message) when unreadable. */
  number(field: string, text: string, decimal: DecimalSeparator | null): string | undefined {
    if (text === '') return undefined;
    const reading = readDecimal(text, decimal);
    if ('value' in reading) return reading.value;
    const code = reading.problem === 'ambiguous' ? 'number.ambiguous' : 'number.unreadable';
    this.messages.push(error(code, field, { value: text }));
    return undefined;
  }

  /** A number read without a message: for the running balance of lines that are not trades. */
  quiet(field: ImportField): string | undefined {
    const reading = readDecimal(this.get(field), this.settings.decimals[field] ?? null);
    return 'value' in reading ? reading.value : undefined;
  }

  column(field: ImportField): string | undefined {
    return this.number(field, this.get(field), this.settings.decimals[field] ?? null);
  }

  /** Unsigned money times `factor` (pence to pounds), to the contract's decimals. */
  money(field: string, value: string | undefined, factor = '1'): number | undefined {
    if (value === undefined) return undefined;
    const scaled = new Big(value).times(factor).abs().toFixed();
    if (decimalsOf(scaled) <= MONEY_DECIMALS) return Number(scaled);
    this.messages.push(info('number.rounded', field, { value: scaled, decimals: MONEY_DECIMALS }));
    return Number(roundTo(scaled, MONEY_DECIMALS));
  }

  /** Unsigned shares; more decimals than the contract keeps is an error, not a rounding. */
  shares(value: string | undefined): number | undefined {
    if (value === undefined) return undefined;
    const abs = new Big(value).abs().toFixed();
    if (decimalsOf(abs) <= SHARE_DECIMALS) return Number(abs);
    this.messages.push(
      error('number.too_many_decimals', 'shares', { value, decimals: SHARE_DECIMALS }),
    );
    return undefined;
  }

  required(field: string, value: string | undefined): void {
    if (value === undefined && !this.has(field)) this.messages.push(error('number.missing', field));
  }

  day(): string | null {
    const text = this.get('date');
    if (text === '') {
      this.messages.push(error('date.missing', 'date'));
      return null;
    }
    const { dateFormat, dateCandidates } = this.settings;
    if (dateFormat) {
      const day = readDay(text, dateFormat);
      if (!day)
        this.messages.push(error('date.unreadable', 'date', { value: text, format: dateFormat }));
      return day;
    }
    // No format decided: a value that reads the same in every fitting format is still clear.
    const readings = new Set(dateCandidates.map((format) => readDay(text, format)));
    const [only] = readings;
    if (readings.size === 1 && only) return only;
    const code = readings.size > 1 ? 'date.ambiguous' : 'date.unreadable';
    this.messages.push(error(code, 'date', { value: text }));
    return null;
  }

  instrument(checkIsin: boolean): ImportRow['instrument'] {
    const isin = normaliseIdentifier(this.get('isin'));
    const symbol = this.get('symbol');
    const instrument: ImportRow['instrument'] = { name: this.get('name') || symbol || isin };
    if (isin !== '' && isValidIsin(isin)) instrument.isin = isin;
    else if (isin !== '' && checkIsin) {
      this.messages.push(error('isin.invalid', 'instrument.isin', { value: isin }));
    }
    if (symbol !== '') instrument.symbol = symbol;
    return instrument;
  }

  status(word: string | undefined, skipped?: SkipReason): LineStatus {
    const level = (wanted: string) => this.messages.some((message) => message.level === wanted);
    return {
      line: this.data.line,
      status: skipped ? 'skipped' : level('error') ? 'error' : level('warning') ? 'warning' : 'ok',
      ...(skipped ? { reason: skipped } : {}),
      ...(word !== undefined ? { word } : {}),
      messages: this.messages,
    };
  }
}
