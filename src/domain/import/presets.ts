// The formats Formue knows, as data: a header fingerprint, a column map, number and date formats,
// type words and skip rules. Code hooks only read what a broker writes inside a text cell.

import type { CashKind } from '../kinds';
import type { ImportSource } from './rows';
import type {
  DateFormat,
  DecimalSeparator,
  ImportField,
  PresetId,
  TypeAction,
  TypeWordMap,
} from './types';

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

const words = (action: TypeAction, ...list: string[]): TypeWordMap =>
  Object.fromEntries(list.map((word) => [word, action]));

const NORDNET_DA_WORDS: TypeWordMap = {
  ...words('buy', 'KØBT', 'KØB'),
  ...words('sell', 'SOLGT', 'SALG'),
  ...words('dividend', 'UDBYTTE', 'UDB.'),
  ...words('withholding_tax', 'UDBYTTESKAT'),
  ...words('split', 'SPLIT', 'AKTIESPLIT'),
  ...words(
    'cash',
    'INDBETALING',
    'INDSÆTTELSE',
    'HÆVNING',
    'KREDITRENTE',
    'DEBITRENTE',
    'AFKASTSKAT ASK',
    'SKATTEINDBETALING ASK',
    'GEBYR MÅNEDSOPSPARING',
    'OVERFØRSEL',
  ),
};

const NORDNET_COLUMNS = {
  external_id: 'Id',
  date: 'Handelsdag',
  type: 'Transaktionstype',
  name: 'Værdipapirer',
  isin: 'ISIN',
  shares: 'Antal',
  share_price: 'Kurs',
  fee: 'Samlede afgifter',
  currency: 'Samlede afgifter Valuta',
  amount: 'Beløb',
  amount_currency: 'Beløb Valuta',
  total_shares: 'Totalt antal',
  balance: 'Saldo',
  account: 'Depot',
  exchange_rate: 'Vekslingskurs',
  text: 'Transaktionstekst',
  cancelled: 'Makuleringsdato',
} as const;

export const PRESETS: readonly Preset[] = [
  {
    id: 'nordnet-da',
    source: 'nordnet',
    label: 'Nordnet export',
    fingerprint: [
      [
        'Id',
        'Bogføringsdag',
        'Handelsdag',
        'Transaktionstype',
        'Værdipapirer',
        'Samlede afgifter',
        'Beløb',
      ],
    ],
    columns: NORDNET_COLUMNS,
    decimalSeparator: ',',
    dateFormat: 'yyyy-MM-dd',
    typeWords: NORDNET_DA_WORDS,
  },
  {
    // The older export: `;`, Latin-1, one `Valuta` for the amount and the price.
    id: 'nordnet-da-semicolon',
    source: 'nordnet',
    label: 'Nordnet export (older layout)',
    fingerprint: [
      [
        'Bogføringsdag',
        'Handelsdag',
        'Transaktionstype',
        'Værdipapirer',
        'Instrumenttype',
        'Afgifter',
        'Beløb',
      ],
    ],
    columns: {
      ...NORDNET_COLUMNS,
      fee: 'Afgifter',
      currency: 'Valuta',
      amount_currency: 'Valuta',
      external_id: ['Id', 'Verifikationsnummer'],
    },
    decimalSeparator: ',',
    dateFormat: 'yyyy-MM-dd',
    typeWords: NORDNET_DA_WORDS,
  },
  {
    id: 'nordnet-sv',
    source: 'nordnet',
    label: 'Nordnet export (Swedish)',
    fingerprint: [['Bokföringsdag', 'Affärsdag', 'Transaktionstyp', 'Värdepapper', 'Belopp']],
    columns: {
      external_id: 'Id',
      date: 'Affärsdag',
      type: 'Transaktionstyp',
      name: 'Värdepapper',
      isin: 'ISIN',
      shares: 'Antal',
      share_price: 'Kurs',
      fee: 'Total Avgift',
      currency: 'Total Avgift Valuta',
      amount: 'Belopp',
      amount_currency: 'Belopp Valuta',
      total_shares: 'Totalt antal',
      balance: 'Saldo',
      account: 'Depå',
      exchange_rate: 'Växlingskurs',
      text: 'Transaktionstext',
      cancelled: 'Makuleringsdatum',
    },
    decimalSeparator: ',',
    dateFormat: 'yyyy-MM-dd',
    typeWords: {
      ...words('buy', 'KÖPT'),
      ...words('sell', 'SÅLT'),
      ...words('dividend', 'UTDELNING'),
      ...words('withholding_tax', 'UTL KUPSKATT', 'KUPONGSKATT'),
      ...words('cash', 'INSÄTTNING', 'UTTAG', 'RÄNTA', 'AVGIFT'),
    },
  },
  {
    id: 'nordnet-no',
    source: 'nordnet',
    label: 'Nordnet export (Norwegian)',
    fingerprint: [['Bokføringsdag', 'Handelsdag', 'Transaksjonstype', 'Verdipapir', 'Beløp']],
    columns: {
      external_id: 'Id',
      date: 'Handelsdag',
      type: 'Transaksjonstype',
      name: 'Verdipapir',
      isin: 'ISIN',
      shares: 'Antall',
      share_price: 'Kurs',
      fee: 'Totale Avgifter',
      currency: 'Totale Avgifter Valuta',
      amount: 'Beløp',
      amount_currency: 'Beløp Valuta',
      total_shares: 'Totalt antall',
      balance: 'Saldo',
      account: 'Portefølje',
      exchange_rate: 'Vekslingskurs',
      text: 'Transaksjonstekst',
      cancelled: ['Makuleringsdato', 'Makuleringsddato'],
    },
    decimalSeparator: ',',
    dateFormat: 'yyyy-MM-dd',
    typeWords: {
      ...words('buy', 'KJØPT'),
      ...words('sell', 'SALG', 'SOLGT'),
      ...words('dividend', 'UTBYTTE'),
      ...words('withholding_tax', 'KUPONGSKATT'),
      ...words('split', 'SPLITT', 'AKSJESPLITT'),
      ...words('cash', 'INNSKUDD', 'UTTAK', 'RENTER', 'DEBETRENTE'),
    },
  },
  {
    // Transactions report, xlsx or CSV; quantity and price only in `Event` ("Buy 72 @ 166.80 DKK").
    id: 'saxo',
    source: 'saxo',
    label: 'Saxo transactions report',
    fingerprint: [
      ['Trade Date', 'Value Date', 'Type', 'Instrument', 'Event'],
      ['Handelsdato', 'Valuteringsdato', 'Instrument', 'Hendelse'],
    ],
    columns: {
      date: ['Trade Date', 'Handelsdato'],
      type: ['Event', 'Hendelse'],
      name: 'Instrument',
      isin: ['Instrument ISIN', 'Instrument-ISIN'],
      symbol: ['Instrument Symbol', 'Instrumentsymbol'],
      currency: ['Instrument currency', 'Instrumentvaluta'],
      amount: ['Booked Amount', 'Amount', 'Bokført beløp'],
      exchange_rate: ['Conversion Rate', 'Omregningskurs'],
      external_id: ['Trade ID', 'Order ID', 'Ordre-ID'],
      text: ['Event', 'Hendelse'],
    },
    dateFormat: 'dd-MMM-yyyy',
    accountCurrency: 'DKK',
    hook: 'saxo-event',
    feeFromAmount: true,
    typeWords: {
      ...words('buy', 'Buy', 'Kjøp', 'Køb'),
      ...words('sell', 'Sell', 'Salg'),
      ...words('dividend', 'Dividend', 'Cash dividend', 'Udbytte', 'Utbytte'),
      ...words('withholding_tax', 'Withholding tax', 'Dividend tax'),
      ...words('split', 'Stock split', 'Split'),
      ...words(
        'cash',
        'Custody Fee',
        'Deposit',
        'Withdrawal',
        'Interest',
        'Cash transfer',
        'Service fee',
      ),
    },
  },
  {
    // The cash ledger; trades are in `Omschrijving` ("Koop 2 @ 100,5 USD").
    id: 'degiro-account',
    source: 'degiro',
    label: 'DEGIRO account statement',
    fingerprint: [
      ['Datum', 'Tijd', 'Valutadatum', 'Product', 'ISIN', 'Omschrijving', 'Mutatie', 'Saldo'],
      ['Date', 'Time', 'Value date', 'Product', 'ISIN', 'Description', 'Change', 'Balance'],
    ],
    columns: {
      date: ['Datum', 'Date'],
      name: 'Product',
      isin: 'ISIN',
      type: ['Omschrijving', 'Description'],
      text: ['Omschrijving', 'Description'],
      amount_currency: ['Mutatie', 'Change'],
      amount: ['Mutatie (2)', 'Change (2)'],
      external_id: ['Order Id', 'Order ID'],
    },
    dateFormat: 'dd-MM-yyyy',
    hook: 'degiro-description',
    // A trade's fee is a line of its own, folded in after the check.
    grossAmount: true,
    feeWords: [
      'DEGIRO Transactiekosten en/of kosten van derden',
      'DEGIRO Transaction and/or third party fees',
    ],
    typeWords: {
      ...words('buy', 'Koop', 'Buy'),
      ...words('sell', 'Verkoop', 'Sell'),
      ...words('dividend', 'Dividend'),
      ...words('withholding_tax', 'Dividendbelasting', 'Dividend Tax'),
      // Unverified against a real file: DEGIRO's split wording is a guess, its ratio read from text.
      ...words('split', 'Stock split', 'Aandelensplitsing'),
      ...words(
        'cash',
        'DEGIRO Transactiekosten en/of kosten van derden',
        'DEGIRO Transaction and/or third party fees',
        'iDEAL storting',
        'iDEAL Deposit',
        'Storting',
        'Deposit',
        'Terugstorting',
        'Withdrawal',
        'DEGIRO Aansluitingskosten',
        'DEGIRO Exchange Connection Fee',
      ),
      ...words(
        'skip',
        'Valuta Creditering',
        'Valuta Debitering',
        'FX Credit',
        'FX Debit',
        'Degiro Cash Sweep Transfer',
        'Overboeking van uw geldrekening bij flatexDEGIRO Bank',
        'Overboeking naar uw geldrekening bij flatexDEGIRO Bank',
      ),
    },
  },
  {
    // Trades only; a sell has a negative quantity, and the fee is in EUR.
    id: 'degiro-transactions',
    source: 'degiro',
    label: 'DEGIRO transactions',
    fingerprint: [
      [
        'Date',
        'Time',
        'Product',
        'ISIN',
        'Quantity',
        'Price',
        'Local value',
        'Exchange rate',
        'Order ID',
      ],
      [
        'Datum',
        'Tijd',
        'Product',
        'ISIN',
        'Aantal',
        'Koers',
        'Lokale waarde',
        'Wisselkoers',
        'Order ID',
      ],
    ],
    columns: {
      date: ['Date', 'Datum'],
      name: 'Product',
      isin: 'ISIN',
      shares: ['Quantity', 'Aantal'],
      share_price: ['Price', 'Koers'],
      currency: ['Price (2)', 'Koers (2)'],
      fee: [
        'Transaction and/or third party fees EUR',
        'Transactiekosten en/of kosten van derden EUR',
      ],
      fee_rate: ['Exchange rate', 'Wisselkoers'],
      amount: ['Local value', 'Lokale waarde'],
      amount_currency: ['Local value (2)', 'Lokale waarde (2)'],
      external_id: ['Order ID', 'Order Id'],
    },
    dateFormat: 'dd-MM-yyyy',
    hook: 'quantity-sign',
    grossAmount: true,
    typeWords: { ...words('buy', 'buy'), ...words('sell', 'sell') },
  },
  {
    // Holdings, not transactions: recognised only to say which file to export.
    id: 'degiro-portfolio',
    source: 'degiro',
    label: 'DEGIRO portfolio overview',
    fingerprint: [
      ['Product', 'Symbol/ISIN', 'Closing', 'Local value'],
      ['Product', 'Symbool/ISIN', 'Slotkoers', 'Lokale waarde'],
    ],
    columns: {},
    typeWords: {},
    wrongFile: true,
  },
  {
    // Flex Query CSV: the user picks the fields; these are the ones the preset reads.
    id: 'ibkr-flex',
    source: 'ibkr',
    label: 'Interactive Brokers Flex Query',
    fingerprint: [
      ['Buy/Sell', 'TradeDate', 'Quantity', 'TradePrice', 'CurrencyPrimary'],
      ['Type', 'SettleDate', 'Description', 'Amount', 'CurrencyPrimary'],
    ],
    columns: {
      type: ['Buy/Sell', 'Type'],
      date: ['TradeDate', 'SettleDate', 'Date/Time', 'ReportDate'],
      isin: 'ISIN',
      symbol: 'Symbol',
      name: 'Description',
      shares: 'Quantity',
      share_price: 'TradePrice',
      // The cash section's amount, or a trade's shares × price.
      amount: ['Amount', 'TradeMoney'],
      currency: 'CurrencyPrimary',
      fee: 'IBCommission',
      fee_currency: 'IBCommissionCurrency',
      exchange_rate: 'FXRateToBase',
      external_id: ['TransactionID', 'TradeID'],
      text: 'Description',
    },
    decimalSeparator: '.',
    dateFormat: 'yyyyMMdd',
    grossAmount: true,
    cancelledWords: ['BUY (Ca.)', 'SELL (Ca.)'],
    typeWords: {
      ...words('buy', 'BUY'),
      ...words('sell', 'SELL'),
      ...words('dividend', 'Dividends', 'Payment In Lieu Of Dividends'),
      ...words('withholding_tax', 'Withholding Tax'),
      ...words(
        'cash',
        'Broker Interest Received',
        'Broker Interest Paid',
        'Other Fees',
        'Deposits/Withdrawals',
        'Commission Adjustments',
      ),
    },
  },
];

export function presetById(id: PresetId): Preset | undefined {
  return PRESETS.find((preset) => preset.id === id && !preset.wrongFile);
}

/** Trimmed, upper-cased, inner spaces collapsed: how headers and type words are compared. */
export function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The preset whose fingerprint the header holds; the most specific when several fit. */
export function recognise(headers: readonly string[]): Preset | undefined {
  const names = new Set(headers.map(normalise));
  let best: { preset: Preset; size: number } | undefined;
  for (const preset of PRESETS) {
    for (const set of preset.fingerprint) {
      if (set.every((name) => names.has(normalise(name))) && set.length > (best?.size ?? 0)) {
        best = { preset, size: set.length };
      }
    }
  }
  return best?.preset;
}

/**
 * Cash words that are the account's own return or cost (interest, fees), not money moved in or
 * out: in, interest; out, a fee. Every other cash word moves money (taxes paid from the account
 * too, so returns stay before taxes): in, a deposit; out, a withdrawal.
 */
const INCOME_WORDS = new Set(
  [
    'KREDITRENTE',
    'DEBITRENTE',
    'GEBYR MÅNEDSOPSPARING',
    'RÄNTA',
    'AVGIFT',
    'RENTER',
    'DEBETRENTE',
    'Custody Fee',
    'Interest',
    'Service fee',
    'DEGIRO Transactiekosten en/of kosten van derden',
    'DEGIRO Transaction and/or third party fees',
    'DEGIRO Aansluitingskosten',
    'DEGIRO Exchange Connection Fee',
    'Broker Interest Received',
    'Broker Interest Paid',
    'Other Fees',
    'Commission Adjustments',
  ].map(normalise),
);

/** What a cash line of the file is, by its word and the sign of its amount (exact text). */
export function cashKindOf(word: string, signedAmount: string): CashKind {
  const out = signedAmount.trim().startsWith('-');
  if (INCOME_WORDS.has(normalise(word))) return out ? 'fee' : 'interest';
  return out ? 'withdrawal' : 'deposit';
}
