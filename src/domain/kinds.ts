// The contract's kinds of instrument and transaction: the schemas check them, the types name them.
export const INSTRUMENT_TYPES = ['stock', 'crypto'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

/** What an instrument is to its owner: the wire's type `stock` covers stocks and funds. */
export const ASSET_CLASSES = ['stock', 'fund', 'crypto'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

export const TRANSACTION_TYPES = ['buy', 'sell', 'split', 'div'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** What moves a portfolio's cash besides its trades and dividends (issue 38). */
export const CASH_KINDS = ['deposit', 'withdrawal', 'interest', 'fee'] as const;
export type CashKind = (typeof CASH_KINDS)[number];
