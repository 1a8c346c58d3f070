// The cash feature's machines as the rest of the app takes them: from here, never from the files
// beside (eslint.config.js, feature folders).
export { cashMachine, type CashEvent } from './cash.machine';
export { CASH_NOTICES, type EntryField, type EntryValues, type OpeningField } from './cash.rules';
export { depositOverRoom } from './cash-entry-form.machine';
