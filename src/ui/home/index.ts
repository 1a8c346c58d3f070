// The home feature's UI as the rest of the app takes it: from here, never
// from the files beside (eslint.config.js, feature folders).
export { InvestmentsSection } from './valuables-sections';
export { StatsSection } from './stats-section';
export { ValueCard } from './value-card';
