// The reports feature's machines as the rest of the app takes them: from here, never from the
// files beside (eslint.config.js, feature folders).
export { reportMachine, type ReportFile } from './report.machine';
export { taxClassMachine, TAX_CLASS_RESET, TAX_CLASS_SAVED } from './tax-class.machine';
export { readDepositRoom, roomExceeded, type DepositRoom } from './deposit-room';
