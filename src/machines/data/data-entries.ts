// The data actor's bookkeeping, one entry per resource key (as TanStack Query keeps a query state
// per key): where its load stands, the period and failure of its last answer, and how many views
// need it. Plain functions of plain data; the machine names them (data.machine.ts).
import type { Period } from '../../domain/types';
import { STALE_AFTER, type Change } from './changes';
import { staleKindOf, targetOf } from './resource-keys';

/**
 * `stale`: what is held (if anything) must be asked for again before it is trusted, as soon as a
 * view needs it. `failed` keeps what was held, and is retried while a view needs it.
 */
export type EntryStatus = 'loading' | 'loaded' | 'stale' | 'failed';

export interface Entry {
  status: EntryStatus;
  /** The period of what is held (the one selected when it was asked for). */
  period?: Period;
  /** The last failure; kept while a retry runs, cleared by an answer. */
  error?: string;
  /** The newest request; an answer to any other is dropped. */
  request: number;
}

/** By resource key. */
export type Entries = Record<string, Entry>;
/** How many mounted views need each key; a key no view needs is absent. */
export type Needs = Record<string, number>;

/** Whether a view that comes to need this entry must ask for it. */
export function needsLoad(entry: Entry | undefined): boolean {
  return entry === undefined || entry.status === 'stale' || entry.status === 'failed';
}

export function loading(entry: Entry | undefined, request: number): Entry {
  return { ...entry, status: 'loading', request };
}

/** The entry with the answer to `request`, or the entries as they were if it is not the newest. */
export function settled(
  entries: Entries,
  key: string,
  request: number,
  next: (entry: Entry) => Entry,
): Entries {
  const entry = entries[key];
  if (entry?.status !== 'loading' || entry.request !== request) return entries;
  return { ...entries, [key]: next(entry) };
}

export const answered =
  (period: Period | undefined) =>
  (entry: Entry): Entry => ({ status: 'loaded', period, request: entry.request });

export const failed =
  (message: string) =>
  (entry: Entry): Entry => ({ ...entry, status: 'failed', error: message });

export function isNewest(entries: Entries, key: string, request: number): boolean {
  return entries[key]?.status === 'loading' && entries[key].request === request;
}

/** The needs with each key counted once more (`by` 1) or once less (`by` -1). */
export function counted(needs: Needs, keys: readonly string[], by: 1 | -1): Needs {
  const next = { ...needs };
  for (const key of keys) {
    const count = (next[key] ?? 0) + by;
    if (count > 0) next[key] = count;
    else delete next[key];
  }
  return next;
}

/** Of `keys`, those no view needed before. */
export function firstNeeded(needs: Needs, keys: readonly string[]): string[] {
  return [...new Set(keys)].filter((key) => needs[key] === undefined);
}

/** Of `keys` released once, those no view needs any more. */
export function lastReleased(needs: Needs, keys: readonly string[]): string[] {
  const after = counted(needs, keys, -1);
  return [...new Set(keys)].filter((key) => needs[key] !== undefined && after[key] === undefined);
}

/**
 * The entries once no view needs `keys`: a load still running was stopped, so it is stale; a
 * chart or statistics is asked for again when next shown (they move with every price).
 */
export function released(entries: Entries, keys: readonly string[]): Entries {
  const next = { ...entries };
  for (const key of keys) {
    const entry = next[key];
    if (entry && (entry.status === 'loading' || targetOf(key).kind !== 'resource'))
      next[key] = { ...entry, status: entry.error === undefined ? 'stale' : 'failed' };
  }
  return next;
}

/** The keys a view needs whose last load failed: what the screen's message is about. */
export function failedKeys(entries: Entries, needs: Needs): string[] {
  return Object.keys(needs).filter((key) => entries[key]?.error !== undefined);
}

/** Every key the actor knows of: loaded once, loading or needed. */
export function knownKeys(entries: Entries, needs: Needs): string[] {
  return [...new Set([...Object.keys(entries), ...Object.keys(needs)])];
}

/** The keys `change` leaves stale (`STALE_AFTER`), of those known. */
export function staleAfter(change: Change, entries: Entries, needs: Needs): string[] {
  const stale: readonly string[] = STALE_AFTER[change];
  return knownKeys(entries, needs).filter((key) => stale.includes(staleKindOf(key)));
}

/** Of stale `keys`, those to load now: a view needs them, or an older answer is on its way. */
export function toReload(keys: readonly string[], entries: Entries, needs: Needs): string[] {
  return keys.filter((key) => needs[key] !== undefined || entries[key]?.status === 'loading');
}

/** The entries with what is held of `keys` stale, but for those loading or failed. */
export function markedStale(entries: Entries, keys: readonly string[]): Entries {
  const next = { ...entries };
  for (const key of keys) {
    const entry = next[key];
    if (entry?.status === 'loaded') next[key] = { ...entry, status: 'stale' };
  }
  return next;
}
