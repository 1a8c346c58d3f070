// DEGIRO's account statement and transactions, and its portfolio overview (the wrong file).
import { words, type Preset } from './preset';

export const DEGIRO: readonly Preset[] = [
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
];
