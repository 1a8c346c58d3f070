// The valuables feature's UI as the rest of the app takes it: from here, never
// from the files beside (eslint.config.js, feature folders).
export { DeleteValuable } from './delete-button';
export { useRename } from './use-rename';
export {
  type RenameControl,
  type RowNotice,
  type ValuableRow,
  ValuablesTable,
} from './valuables-table';
