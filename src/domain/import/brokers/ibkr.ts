// Interactive Brokers' Flex Query.
import { words, type Preset } from './preset';

export const IBKR: readonly Preset[] = [
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
