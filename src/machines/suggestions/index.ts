// The suggestions feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export { offered, recordedBy, recordMode, suggestionsMachine } from './suggestions.machine';
