// The import screen's English texts, the catalogue's keys: the Danish must have each of them.
import type {
  ImportField,
  ImportMessageCode,
  PresetId,
  RowStatus,
  TypeAction,
} from '../../domain/import';
import type { FileProblem } from '../../machines/import';

type Code = ImportMessageCode | FileProblem['code'];

const en = {
  'import.title': 'Import',
  'import.intro':
    'Bring your history from your broker. The file is read on this device; you see every row before anything is saved.',
  'import.file': 'File',
  'import.drop': 'Drop the file here',
  'import.hint':
    'Nordnet: Transaktioner → Eksportér, all years. Saxo, DEGIRO, Interactive Brokers, a Formue export, or any CSV or XLSX file.',
  'import.reading': 'Reading the file…',
  'import.detected': '{format}, {rows}, {years}',
  'import.detectedNoYears': '{format}, {rows}',
  'import.rowsOne': '1 row',
  'import.rowsMany': '{count} rows',
  'import.eventsOne': '1 event',
  'import.eventsMany': '{count} events',
  'import.unknownFormat': 'Unknown format',
  'import.otherFile': 'Choose another file',
  'import.settings': 'How the file is written',
  'import.encoding': 'Encoding',
  'import.separator': 'Column separator',
  'import.decimalSeparator': 'Decimal separator',
  'import.dateFormat': 'Date format',
  'import.samples': 'In the file: {samples}',
  'import.notDetected': 'Not detected: please choose',
  'import.tab': 'Tab',
  'import.comma': 'Comma',
  'import.semicolon': 'Semicolon',
  'import.pipe': 'Vertical bar',
  'import.point': 'Point',
  'import.continue': 'Continue',
  'import.mapping': 'Match the columns',
  'import.mappingHint':
    'Formue does not know this format. Say which column holds what: a date, a type and the instrument are needed. Your choice is remembered for the next file like it.',
  'import.notInFile': 'Not in the file',
  'import.words': 'Unknown transaction types',
  'import.wordsHint':
    'Say what each one is, or skip it. The import waits until every type is decided: nothing is left out without you knowing.',
  'import.choose': 'Choose',
  'import.preview': 'Preview',
  'import.portfolio': 'Portfolio',
  'import.newPortfolio': 'New portfolio…',
  'import.newName': 'Name of the new portfolio',
  'import.useName': 'Check against it',
  'import.chooseTarget': 'Choose the portfolio to import into; duplicates are looked for there.',
  'import.instruments': 'Instruments',
  'import.instrumentsHint':
    'Each instrument goes to an investment of the portfolio, found by ISIN, then ticker, then exact name. Change it here.',
  'import.bookAs': 'Book {name} as',
  'import.existing': 'Existing: {name}',
  'import.newInvestment': 'New investment',
  'import.checking': 'Checking every row…',
  'import.summary':
    '{ok} to import · {duplicates} already there · {skipped} skipped · {errors} with errors',
  'import.rows': 'Rows of the file',
  'import.show': 'Show rows',
  'import.all': 'All',
  'import.pages': 'Pages of rows',
  'import.range': 'Rows {from}–{to} of {total}',
  'import.previous': 'Previous rows',
  'import.next': 'Next rows',
  'import.line': 'Line',
  'import.date': 'Date',
  'import.type': 'Type',
  'import.instrument': 'Instrument',
  'import.shares': 'Shares',
  'import.priceOrAmount': 'Price or amount',
  'import.status': 'Status',
  'import.messages': 'Messages',
  'import.importAnyway': 'Import anyway',
  'import.splitRatio': 'Split ratio',
  'import.splitRatioHint': 'Old shares : new shares, e.g. 1:2 when each share became two.',
  'import.splitRatioBad': 'Write the ratio as two numbers, e.g. 1:2.',
  'import.useRatio': 'Use ratio',
  'import.skipSplit': 'Skip this row',
  'import.ratiosMissing': 'Give each split its ratio, or skip its row, to import.',
  'import.perYear': 'Per year',
  'import.year': 'Year',
  'import.events': 'Events',
  'import.check': 'Against the file',
  'import.checkOk': "The shares add up to the file's own totals for every instrument.",
  'import.checkOff':
    '{instrument}: the file says {expected} shares, the rows add up to {computed}.',
  'import.moneyPerYear': 'Money per year',
  'import.inFile': 'In the file',
  'import.balanceOk': "The cash balance adds up to the file's own balance for every account.",
  'import.balanceOff':
    'Account {account} ({currency}): the file says a balance of {expected}, its amounts add up to {computed}; from line {line} on they differ.',
  'import.submit': 'Import {count} events',
  'import.submitOne': 'Import 1 event',
  'import.nothing': 'Nothing new to import: every row is already there or skipped.',
  'import.retry': 'Try again',
  'import.done': 'Imported {events} from {file}.',
  'import.doneInto': 'Imported {events} from {file} into {portfolio}.',
  'import.open': 'Open {portfolio}',
  'import.undo': 'Undo',
  'import.remove': 'Remove',
  'import.undoSummary': '{file}, imported {date}. Events you entered yourself stay.',
  'import.undone': 'The import was undone.',
  'import.history': 'Earlier imports',
  'import.historyEmpty': 'No imports yet.',
  'import.batch': '{events} · {date}',
  'import.batchInto': '{events} into {portfolio} · {date}',
  'import.undoRefused':
    'This import cannot be undone: {count} of its events were edited since (events {ids}). Undo those changes, or delete the events one by one.',
  'import.undoRefusedOne':
    'This import cannot be undone: 1 of its events was edited since (event {ids}). Undo that change, or delete the events one by one.',
  'import.export': 'Take everything out again from Profile → Export.',
} as const;

export type ImportKey = keyof typeof en;

export interface ImportTexts {
  /** Undefined: the format's own (English) label. */
  formats?: Readonly<Record<PresetId, string>>;
  texts: Readonly<Record<ImportKey, string>>;
  fields: Readonly<Record<ImportField, string>>;
  actions: Readonly<Record<TypeAction, string>>;
  statuses: Readonly<Record<RowStatus, string>>;
  codes: Readonly<Record<Code, string>>;
}

const FIELDS_EN: Record<ImportField, string> = {
  date: 'Date',
  type: 'Transaction type',
  isin: 'ISIN',
  symbol: 'Ticker',
  name: 'Name',
  shares: 'Shares',
  share_price: 'Price',
  fee: 'Fee',
  fee_currency: 'Fee currency',
  fee_rate: 'Fee exchange rate',
  amount: 'Amount',
  currency: 'Currency',
  amount_currency: 'Amount currency',
  exchange_rate: 'Exchange rate',
  withholding_tax: 'Withholding tax',
  external_id: "Broker's id",
  cancelled: 'Cancelled on',
  total_shares: 'Total shares',
  balance: 'Cash balance',
  account: 'Account',
  text: 'Text',
};

const ACTIONS_EN: Record<TypeAction, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  withholding_tax: 'Withholding tax',
  split: 'Stock split',
  cash: 'Cash, not a trade',
  skip: 'Skip',
};

const STATUSES_EN: Record<RowStatus, string> = {
  ok: 'OK',
  warning: 'Warning',
  error: 'Error',
  duplicate: 'Duplicate',
  skipped: 'Skipped',
};

const CODES_EN: Record<Code, string> = {
  'file.empty': 'The file is empty.',
  'file.too_large': 'The file is {size}. Files up to {limit} can be imported.',
  'file.unreadable': 'The file could not be read.',
  'file.binary': 'This is not a CSV, XLSX or JSON file Formue can read.',
  'file.xls_unsupported': 'Old Excel files (.xls) cannot be read: save it as .xlsx or CSV.',
  'file.xlsx_unreadable': 'The spreadsheet could not be read.',
  'file.json_unreadable': 'This JSON file is not a Formue export.',
  'file.no_columns': 'No recognisable columns: the file needs a header row.',
  'file.no_rows': 'The file has no rows to import.',
  'file.all_invalid': 'None of the rows can be imported: every row has an error.',
  'file.wrong_degiro_file': 'This DEGIRO file has no cash movements: export {file} instead.',
  'file.unknown_types': 'Some transaction types are unknown.',
  'date.missing': 'No date.',
  'date.unreadable': 'The date {value} cannot be read as {format}.',
  'date.ambiguous': 'The date {value} can be read two ways.',
  'number.missing': 'No number.',
  'number.unreadable': '{value} cannot be read as a number.',
  'number.ambiguous': '{value} can be read two ways.',
  'number.too_many_decimals': '{value} has more than {decimals} decimals.',
  'number.not_positive': 'Must be more than 0.',
  'number.rounded': 'Rounded to {value}.',
  'type.missing': 'No transaction type.',
  'type.unknown': 'Unknown transaction type {word}.',
  'instrument.missing': 'No instrument.',
  'isin.invalid': '{value} is not a valid ISIN.',
  'currency.missing': 'No currency.',
  'currency.unsupported': 'The currency {value} is not supported.',
  'currency.gbx_converted': 'Pence ({value}) converted to pounds.',
  'event.unreadable': 'The row cannot be read.',
  'split.ratio_missing': 'The split needs its ratio.',
  'amount.mismatch':
    "The file's amount is {currency} {amount}, but shares, price, fee and rate give {currency} {computed}.",
  'amount.price_in_trading_currency':
    "The price {price} is in the instrument's own currency: booked as {currency} {converted} a share at the file's rate {rate}, which gives the file's amount {currency} {amount}.",
  'row.cancelled': 'Cancelled by the broker.',
  'row.cash': 'Cash movement ({word}), not a trade.',
  'row.ignored': 'Ignored ({word}).',
  'row.ragged': 'The row has a different number of columns; read as far as it goes.',
  'row.withholding_paired': 'Withholding tax kept with its dividend.',
  'row.withholding_exceeds': 'The tax withheld is more than the dividend.',
  'row.withholding_unpaired': 'Withholding tax without its dividend.',
  'row.fee_folded': 'Fee added to its trade.',
};

export const IMPORT_EN: ImportTexts = {
  texts: en,
  fields: FIELDS_EN,
  actions: ACTIONS_EN,
  statuses: STATUSES_EN,
  codes: CODES_EN,
};
