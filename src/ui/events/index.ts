// The events feature's UI as the rest of the app takes it: from here, never
// from the files beside (eslint.config.js, feature folders).
export { editMode, EventOverlay, TransactionOverlay } from './event-overlay';
export { TRANSACTION_TYPE_KEYS, TransactionsTable } from './transactions-table';
