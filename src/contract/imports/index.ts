// A broker import, written once for both backends: the request read with the event calls'
// rules (request), each row's instrument matched (matching), duplicates found (duplicates), every
// investment's history replayed with the new rows (plan); then, on commit, all of it written in
// one transaction or nothing (commit).
export { batchesOf, commitImport, newListings, refusedMessage } from './commit';
export { planImport } from './plan';
export {
  identifiersToResolve,
  IMPORT_TOO_LARGE,
  MAX_IMPORT_BYTES,
  readImportRequest,
  type ImportRequestRead,
} from './request';
export { readImportState, sameState } from './state';
