// What an investment's prices and suggestions depend on besides their own calls: the events
// recorded for it. The trade price of a day is its last trade's, and a suggestion goes once its
// split or dividend is recorded. Those flows watch the data actor's list of events, so an event
// added, corrected or deleted anywhere (a suggestion's Record included) reloads them.
import { fromCallback } from 'xstate';
import { dayOf } from '../../domain/dates';
import type { Id, Transaction } from '../../domain/types';

/** The part of the data actor the watcher reads. */
export interface EventsSource {
  getSnapshot(): { context: { events: readonly Transaction[] | undefined } };
  subscribe(
    listener: (snapshot: { context: { events: readonly Transaction[] | undefined } }) => void,
  ): {
    unsubscribe(): void;
  };
}

export type EventsSeen = {
  type: 'events.seen';
  /** The day of the investment's first event (YYYY-MM-DD); undefined when it has none. */
  since: string | undefined;
  /** Its events differ from when they were last seen (false the first time). */
  changed: boolean;
};

/** The investment's events as one text: a change of any figure of any of them changes it. */
function fingerprint(events: readonly Transaction[], investmentId: Id): string {
  return JSON.stringify(
    events
      .filter((event) => event.investment_id === investmentId)
      .map((e) => [e.id, e.type, e.date, e.shares, e.stock_price, e.total_value, e.to_shares]),
  );
}

function firstDay(events: readonly Transaction[], investmentId: Id): string | undefined {
  const days = events
    .filter((event) => event.investment_id === investmentId)
    .map((event) => dayOf(event.date))
    .filter(Boolean)
    .sort();
  return days[0];
}

/**
 * Sends `events.seen` once the events are known (at once when they are), then whenever the
 * investment's events change.
 */
export const watchEvents = fromCallback<EventsSeen, { data: EventsSource; investmentId: Id }>(
  ({ input, sendBack }) => {
    let seen: string | undefined;
    const look = (events: readonly Transaction[] | undefined) => {
      if (events === undefined) return;
      const now = fingerprint(events, input.investmentId);
      if (now === seen) return;
      sendBack({
        type: 'events.seen',
        since: firstDay(events, input.investmentId),
        changed: seen !== undefined,
      });
      seen = now;
    };
    look(input.data.getSnapshot().context.events);
    const subscription = input.data.subscribe((snapshot) => look(snapshot.context.events));
    return () => subscription.unsubscribe();
  },
);
