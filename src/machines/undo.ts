// Undo after a deletion: how long it is offered (the deletions of events, prices, investments
// and portfolios alike), whichever flow offers it.

/** How long Undo is offered after a deletion. */
export const UNDO_MS = 5000;
