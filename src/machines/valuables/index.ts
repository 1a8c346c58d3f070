// The valuables feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export {
  deleteQuestion,
  deleteSummary,
  deleteValuableMachine,
  type ValuableKind,
} from './delete-valuable.machine';
export { type RenameKind, renameMachine } from './rename.machine';
