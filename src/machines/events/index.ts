// The events feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export { buyOverRoom, createEventMachine } from './create-event.machine';
export { deleteQuestion, editEventMachine } from './edit-event.machine';
export {
  type EventField,
  type EventForm,
  type EventValues,
  sharesAfterSplit,
  soldSharesEnabled,
  tradeTotal,
} from './event.rules';
export { pendingSplitMode, pendingSplitOf, recordValues } from './record-suggestion';
