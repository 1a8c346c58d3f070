import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import type { Transaction } from '../../../src/domain/types';
import { watchEvents, type EventsSource } from '../../../src/machines/data/investment-events';
import {
  daysBetween,
  isStale,
  priceCurrency,
  STALE_AFTER_DAYS,
} from '../../../src/machines/prices/quote';
import { investment, transaction } from '../support';

describe('the age of a quote', () => {
  it.each([
    ['2026-11-24', '2026-11-25', false],
    ['2026-11-21', '2026-11-25', false],
    ['2026-11-20', '2026-11-25', true],
    ['2026-10-31', '2026-11-02', false],
    ['not a day', '2026-11-25', false],
  ])('a price of %s is stale on %s: %s', (day, today, stale) => {
    expect(isStale(day, today)).toBe(stale);
  });

  it('counts whole calendar days', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(STALE_AFTER_DAYS).toBe(4);
  });
});

describe("a typed price's currency", () => {
  const quote = {
    price: 1,
    currency: 'USD',
    price_dkk: 7,
    date: '2026-11-24',
    source: 'yahoo',
  };
  const instrument = {
    type: 'stock',
    isin: 'US0378331005',
    asset_class: 'stock',
    currency: 'EUR',
  } as const;
  it("is the quote's, else the listing's, else DKK", () => {
    expect(priceCurrency({ ...investment('5'), instrument, quote })).toBe('USD');
    expect(priceCurrency({ ...investment('5'), instrument })).toBe('EUR');
    expect(priceCurrency(investment('5'))).toBe('DKK');
    expect(priceCurrency(undefined)).toBe('DKK');
  });
});

/** A data actor's events, which the test changes. */
function eventsSource(initial: Transaction[] | undefined) {
  let events = initial;
  const listeners = new Set<
    (snapshot: { context: { events: Transaction[] | undefined } }) => void
  >();
  const source: EventsSource = {
    getSnapshot: () => ({ context: { events } }),
    subscribe: (listener) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  };
  const set = (next: Transaction[]) => {
    events = next;
    listeners.forEach((listener) => listener({ context: { events } }));
  };
  return { source, set };
}

/** Runs the watcher for investment 5 and keeps what it says. */
function watch(source: EventsSource) {
  const seen: AnyEventObject[] = [];
  const parent = createActor(
    createMachine({
      invoke: { src: watchEvents, input: { data: source, investmentId: '5' } },
      on: { '*': { actions: ({ event }) => seen.push(event) } },
    }),
  ).start();
  return { seen, stop: () => parent.stop() };
}

describe('the watch of an investment’s events', () => {
  const buy = { ...transaction('1', '5'), date: '2026-01-01T12:00:00Z' };
  const other = { ...transaction('2', '6'), date: '2025-01-01T12:00:00Z' };

  it('says the first day at once, then only changes of its own events', () => {
    const data = eventsSource([other, buy]);
    const { seen } = watch(data.source);
    expect(seen).toEqual([{ type: 'events.seen', since: '2026-01-01', changed: false }]);
    data.set([other, buy, { ...transaction('3', '6') }]);
    expect(seen).toHaveLength(1);
    const earlier = { ...transaction('4', '5'), date: '2025-06-01T12:00:00Z' };
    data.set([other, buy, earlier]);
    expect(seen[1]).toEqual({ type: 'events.seen', since: '2025-06-01', changed: true });
    data.set([other, buy, { ...earlier, total_value: 90 }]);
    expect(seen).toHaveLength(3);
  });

  it('waits for the events to be loaded', () => {
    const data = eventsSource(undefined);
    const { seen } = watch(data.source);
    expect(seen).toEqual([]);
    data.set([buy]);
    expect(seen).toEqual([{ type: 'events.seen', since: '2026-01-01', changed: false }]);
  });

  it('stops listening with its flow', () => {
    const data = eventsSource([buy]);
    const { seen, stop } = watch(data.source);
    stop();
    data.set([]);
    expect(seen).toHaveLength(1);
  });
});
