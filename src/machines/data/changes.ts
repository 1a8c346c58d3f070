// What each change the user makes leaves stale: the one table of the app's refresh effects.
// Flows only announce what changed (the change events of the data machine); the data machine
// reloads what this table names, of what views need, and marks the rest stale.

/** The fixed resources the data machine loads. */
export const RESOURCES = [
  'user',
  'valuation',
  'portfolios',
  'investments',
  'events',
  'currencies',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** A fixed resource, or every chart, statistics or performance key. */
export type Stale = Resource | 'chart' | 'stats' | 'performance';

/** Every figure derived from holdings: values, changes, positions, chart, statistics, returns. */
const FIGURES = [
  'valuation',
  'portfolios',
  'investments',
  'chart',
  'stats',
  'performance',
] as const;

export const STALE_AFTER = {
  // The created event is added to the list at once; the list is read again all the same, as a
  // back-dated event replays the history after it (a later split's shares before it).
  'event.created': ['events', ...FIGURES],
  // A correction or deletion may move later events' figures (a replayed history).
  'event.updated': ['events', ...FIGURES],
  'event.deleted': ['events', ...FIGURES],
  // With its first buy: History lists it, and the page gone back to shows the new total.
  'investment.created': ['valuation', 'portfolios', 'investments', 'events', 'chart'],
  // Transactions show their investment's name.
  'investment.renamed': ['investments', 'events'],
  // A typed price, a deleted one, or another listing.
  'investment.repriced': FIGURES,
  'investment.deleted': ['events', ...FIGURES],
  'portfolio.created': ['portfolios'],
  'portfolio.renamed': ['portfolios'],
  // Its badge; the tax year is read afresh by its own screen.
  'portfolio.kindChanged': ['portfolios'],
  'portfolio.deleted': ['events', ...FIGURES],
  // Undone, or the deletion failed: what was hidden comes back.
  'deletion.undone': ['events', ...FIGURES],
  // The server answers for the new period; statistics are lifetime figures.
  'period.changed': ['valuation', 'portfolios', 'investments', 'chart', 'performance'],
  'user.updated': [],
  // A batch imported or undone: portfolios, investments, events and every figure may have moved
  // (the user and the currencies stay).
  'import.committed': ['events', ...FIGURES],
  'import.undone': ['events', ...FIGURES],
  // Another benchmark (Profile): the user's and portfolios' charts carry its line.
  'benchmark.changed': ['chart'],
  // Cash switched, or an entry added or deleted: a cash portfolio's value, chart and returns.
  'cash.changed': ['valuation', 'portfolios', 'chart', 'performance'],
} as const satisfies Record<string, readonly Stale[]>;

export type Change = keyof typeof STALE_AFTER;

/** The data machine's event that says `change` happened (and nothing is added or dropped). */
export function changed<C extends Change>(change: C): { type: 'data.changed'; change: C } {
  return { type: 'data.changed', change };
}
