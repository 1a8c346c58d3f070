// An investment's history as the ledger sees it after a change (a new, edited or deleted event):
// whether it still replays in time order, and if not, which event breaks and why.
import { applyEntry, EMPTY_HOLDING, type Refusal } from '../domain/ledger';
import { toEntry } from './figures';
import { SHARES_ONLY } from './market/pricing';
import { utcDay } from '../market/zoned-time';
import type { EventRow, LedgerStore } from './store';
import type { Errors } from './validation';

/** The id a new event has until the store gives it one: last among events of the same time. */
export const PENDING_ID = Number.MAX_SAFE_INTEGER;

export type Verdict =
  /** `events` with every split's from_shares as the history now has it. */
  { ok: true; events: EventRow[] } | { ok: false; event: EventRow; refusal: Refusal };

/** Events of one day keep the order they were entered in: time, then id. */
export function inHistoryOrder(events: readonly EventRow[]): EventRow[] {
  return [...events].sort((a, b) => a.time - b.time || a.id - b.id);
}

export function replayHistory(events: readonly EventRow[]): Verdict {
  const { events: replayed, refused } = replayAll(events, { stopAtRefusal: true });
  const [first] = refused;
  return first ? { ok: false, ...first } : { ok: true, events: replayed };
}

/**
 * Replays every event that applies, leaving out those the ledger refuses (an import reports
 * each of its rows). `adjust` may complete an event from the shares held just before it (a
 * split given as a ratio).
 */
export function replayAll(
  events: readonly EventRow[],
  options: {
    stopAtRefusal?: boolean;
    adjust?: (event: EventRow, held: number) => EventRow;
  } = {},
): { events: EventRow[]; refused: { event: EventRow; refusal: Refusal }[] } {
  let holding = EMPTY_HOLDING;
  const replayed: EventRow[] = [];
  const refused: { event: EventRow; refusal: Refusal }[] = [];
  for (const event of inHistoryOrder(events)) {
    const adjusted = options.adjust ? options.adjust(event, holding.shares) : event;
    const current =
      adjusted.kind === 'split' ? { ...adjusted, fromShares: holding.shares } : adjusted;
    const result = applyEntry(holding, toEntry(current, SHARES_ONLY));
    if (!result.ok) {
      refused.push({ event, refusal: result.refusal });
      if (options.stopAtRefusal) break;
      continue;
    }
    holding = result.holding;
    replayed.push(current);
  }
  return { events: replayed, refused };
}

/** Stores a change the ledger accepted, with every split's from_shares as the history has it. */
export async function keepReplayed(
  store: Pick<LedgerStore, 'updateEvent'>,
  before: readonly EventRow[],
  replayed: readonly EventRow[],
): Promise<void> {
  const old = new Map(before.map((e) => [e.id, e]));
  for (const event of replayed) {
    const was = old.get(event.id);
    if (event.kind === 'split' && was?.kind === 'split' && was.fromShares !== event.fromShares)
      await store.updateEvent(event);
  }
}

const shown = (n: number) => String(Number(n.toFixed(8)));

/**
 * Laravel-style messages for a refusal of the event on its own field; `day` names the date of
 * a back-dated event, since the shares held then are not those held now.
 */
export function refusalErrors(refusal: Refusal, prefix: string, day?: string): Errors {
  const key = `${prefix}${refusal.field}`;
  const name = key.replace(/_/g, ' ');
  const held = refusal.reason === 'sell-exceeds-holding' ? shown(refusal.held) : '';
  const when = day ? ` on ${day}` : '';
  switch (refusal.reason) {
    case 'sell-exceeds-holding':
      return {
        [key]: [`The ${name} field must not be greater than ${held}, the shares held${when}.`],
      };
    case 'sold-shares-need-smaller-holding':
      return {
        [key]: [
          `The ${name} field must be 0 unless shares after is less than the ${shown(refusal.held)} shares held${when}.`,
        ],
      };
    case 'split-needs-holding':
      return { [key]: [`The ${name} field needs shares to split; 0 shares are held${when}.`] };
    case 'not-positive':
      return { [key]: [`The ${name} field must be greater than 0.`] };
    case 'negative':
      return { [key]: [`The ${name} field must be at least 0.`] };
    case 'not-finite':
      return { [key]: [`The ${name} field must be a number.`] };
  }
}

/** Nouns for an event in a sentence: "the sale of 2025-01-01". */
const KIND_NAMES = { buy: 'purchase', sell: 'sale', dividend: 'dividend', split: 'split' } as const;

/** Why the change would break another, later event, naming that event by kind and date. */
export function conflictMessage(event: EventRow, refusal: Refusal): string {
  const which = `the ${KIND_NAMES[event.kind]} of ${utcDay(event.time)}`;
  switch (refusal.reason) {
    case 'sell-exceeds-holding':
      return `This would leave ${shown(refusal.held)} shares for ${which}, which sells ${event.kind === 'sell' ? shown(event.shares) : 'more'}.`;
    case 'sold-shares-need-smaller-holding':
      return `This would leave ${shown(refusal.held)} shares for ${which}, too few for the shares it sold.`;
    case 'split-needs-holding':
      return `This would leave no shares for ${which} to split.`;
    default:
      return `This would make ${which} impossible.`;
  }
}
