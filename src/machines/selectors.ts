// The data actor's view model (STYLE points 4 and 9, as xstate-tree's selectors): plain functions
// of its snapshot, so headless tests reach the rules screens show.
import type { SnapshotFrom } from 'xstate';
import type { Id, Investment, Transaction } from '../domain/types';
import type { dataMachine, Entry } from './data.machine';

export type DataSnapshot = SnapshotFrom<typeof dataMachine>;

/** How a card shows one resource: a skeleton, its own failure (nothing held), or what is held. */
export type LoadStatus = 'loading' | 'failed' | 'ready';

export interface LoadView {
  status: LoadStatus;
  /** Held, but the last refresh failed: shown marked as out of date. */
  stale: boolean;
  /** Held while a newer answer is on its way. */
  refreshing: boolean;
}

export function loadView(held: boolean, failed: boolean, loading: boolean): LoadView {
  return {
    status: held ? 'ready' : failed ? 'failed' : 'loading',
    stale: held && failed,
    refreshing: held && loading,
  };
}

export function entryView(entry: Entry<unknown> | undefined): LoadView {
  return loadView(
    entry?.data !== undefined,
    entry?.error !== undefined,
    entry?.status === 'loading',
  );
}

export function byValueDescending<T extends { value: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.value - a.value);
}

/** Investments by value, one portfolio's when `portfolioId` is given; sold ones (zero shares) out when `hideSold`. */
export function shownInvestments(
  list: readonly Investment[],
  options: { portfolioId?: Id; hideSold: boolean },
): Investment[] {
  return byValueDescending(list).filter(
    (i) =>
      (options.portfolioId === undefined || i.portfolio_id === options.portfolioId) &&
      !(options.hideSold && i.shares === 0),
  );
}

/** Events newest first; one investment's when `investmentId` is given. */
export function newestFirst(list: readonly Transaction[], investmentId?: Id): Transaction[] {
  return list
    .filter((t) => investmentId === undefined || t.investment_id === investmentId)
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

export function retryCountdownMessage(seconds: number): string {
  return `Too many requests. Trying again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** The screen's one message while something it holds has failed, else undefined. */
export function recoveryMessage(snapshot: DataSnapshot): string | undefined {
  if (!snapshot.matches({ recovery: 'failing' })) return undefined;
  if (snapshot.matches({ recovery: { failing: 'throttled' } }))
    return retryCountdownMessage(snapshot.context.countdown);
  return snapshot.context.failure?.message ?? 'Something went wrong.';
}
