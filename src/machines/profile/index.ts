// The profile feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export { BENCHMARK_SAVED, benchmarkMachine } from './benchmark.machine';
export { demoResetMachine } from './demo-reset.machine';
export { type ExportFile, type ExportFormat, exportMachine } from './export.machine';
export { profileMachine } from './profile.machine';
