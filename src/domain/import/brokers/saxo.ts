// Saxo's transactions report.
import { words, type Preset } from './preset';

export const SAXO: readonly Preset[] = [
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
];
