// A replay checkpoint's bytes (issue 37): an investment's events, the rate each one's ledger entry
// used, and the holding after each entry of the replay, as doubles (exact: a double's bits go in
// and come out), then the currencies' codes. A fresh process reads these instead of the events'
// rows, skips the replay while every rate is still the same, and replays only from the first
// event whose rate changed otherwise. The holdings are read in place (`HoldingColumns`).
import type { LedgerEntry } from '../../domain/ledger';
import {
  heldAfter,
  HOLDING_WIDTH,
  HoldingColumns,
  type StoredReplay,
  type Timeline,
} from '../../domain/valuation';
import type { RateSource } from '../market/pricing';
import type { EventRow } from '../store';

/** The layout's number; bytes of another layout (or byte order) are no checkpoint. */
const FORMAT = 20261129.1;
/** FORMAT, events, the first refused entry, the currencies' bytes. */
const HEADER = 4;
/** id, kind, time, currency, exchange rate, the entry's rate, six amounts of its kind. */
const EVENT_WIDTH = 12;
const KINDS = ['buy', 'sell', 'dividend', 'split'] as const;

/**
 * What a checkpoint gives back: the rates its entries were replayed with and the replay's
 * holdings, with the events kept as the stored doubles until asked for (`events`): a fresh
 * process makes the ledger's entries straight from them (`entriesAt`), and an object per event
 * only when something reads the events (a year report, cash), not for the home's figures.
 */
export interface Checkpoint {
  readonly count: number;
  /** rates[i]: the DKK rate events[i]'s entry was replayed with (`entryRate`). */
  readonly rates: Float64Array;
  /** The replay's holdings and first refused entry, for those entries in time order. */
  readonly replayed: Pick<StoredReplay, 'after' | 'firstRefused'>;
  /** Each event's rate now (`entryRate`, in the events' order), from the stored doubles. */
  ratesNow(rate: RateSource): Float64Array;
  /** events[index]'s time. */
  timeOf(index: number): number;
  /** Each event's ledger entry at `rates` (`entryAt`, in the events' order). */
  entriesAt(rates: ArrayLike<number>): LedgerEntry[];
  /** The events, without `origin` or `edited` (which no replay reads), made on the first call. */
  events(): readonly EventRow[];
}

/** NaN stands for an absent number: no stored amount or rate is NaN. */
const orNaN = (value: number | undefined) => value ?? NaN;

export function encodeCheckpoint(
  events: readonly EventRow[],
  rates: ArrayLike<number>,
  replay: Timeline | Pick<StoredReplay, 'after' | 'firstRefused'>,
): Uint8Array {
  const currencies = [...new Set(events.map((e) => e.currency))];
  const codes = new TextEncoder().encode(JSON.stringify(currencies));
  const count = events.length;
  const numbers = new Float64Array(HEADER + count * (EVENT_WIDTH + HOLDING_WIDTH));
  numbers.set([FORMAT, count, replay.firstRefused, codes.length]);
  let at = HEADER;
  events.forEach((event, index) => {
    const amounts = amountsOf(event);
    numbers[at] = event.id;
    numbers[at + 1] = KINDS.indexOf(event.kind);
    numbers[at + 2] = event.time;
    numbers[at + 3] = currencies.indexOf(event.currency);
    numbers[at + 4] = orNaN(event.exchangeRate);
    numbers[at + 5] = rates[index];
    for (let i = 0; i < amounts.length; i++) numbers[at + 6 + i] = amounts[i];
    at += EVENT_WIDTH;
  });
  for (let index = 0; index < count; index++) {
    const holding = heldAfter(replay, index);
    numbers.set(
      [holding.shares, holding.costs, holding.fees, holding.dividends, holding.realised],
      at,
    );
    at += HOLDING_WIDTH;
  }
  const bytes = new Uint8Array(numbers.byteLength + codes.length);
  bytes.set(new Uint8Array(numbers.buffer));
  bytes.set(codes, numbers.byteLength);
  return bytes;
}

function amountsOf(event: EventRow): number[] {
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return [event.shares, event.price, event.fee];
    case 'dividend':
      return [event.amount, orNaN(event.withholdingTax)];
    case 'split':
      return [
        event.sharesAfter,
        event.fee,
        event.soldShares,
        event.soldPrice,
        event.fromShares,
        event.hide ? 1 : 0,
      ];
  }
}

/** The checkpoint in `bytes`, or undefined when they are not one of this layout. */
export function decodeCheckpoint(bytes: Uint8Array, investmentId: number): Checkpoint | undefined {
  try {
    return decoded(bytes, investmentId);
  } catch {
    // Damaged bytes are no checkpoint either: the events are read instead.
    return undefined;
  }
}

function decoded(bytes: Uint8Array, investmentId: number): Checkpoint | undefined {
  if (bytes.byteLength < HEADER * 8) return undefined;
  const head = doubles(bytes, HEADER * 8);
  const [format, count, firstRefused, codesLength] = head;
  const numbersLength = (HEADER + count * (EVENT_WIDTH + HOLDING_WIDTH)) * 8;
  if (format !== FORMAT || bytes.byteLength !== numbersLength + codesLength) return undefined;
  const numbers = doubles(bytes, numbersLength);
  const currencies = JSON.parse(
    new TextDecoder().decode(bytes.subarray(numbersLength)),
  ) as string[];
  const rates = new Float64Array(count);
  let at = HEADER;
  for (let index = 0; index < count; index++) {
    rates[index] = numbers[at + 5];
    at += EVENT_WIDTH;
  }
  // Read where they are: no object per holding until one is asked for.
  const after = new HoldingColumns(numbers, at, count);
  let events: EventRow[] | undefined;
  return {
    count,
    rates,
    replayed: { after, firstRefused },
    ratesNow: (rate) => ratesAt(numbers, count, currencies, rate),
    timeOf: (index) => numbers[HEADER + index * EVENT_WIDTH + 2],
    entriesAt: (entryRates) => entriesAt(numbers, count, entryRates),
    events: () => (events ??= eventsOf(numbers, count, investmentId, currencies)),
  };
}

/**
 * `entryRate` of each event from its doubles: its own exchange rate, else the day's. Typed: an
 * array of 1s and fractions changed its kind as it filled, and V8 dropped code built on it.
 */
function ratesAt(
  numbers: Float64Array,
  count: number,
  currencies: readonly string[],
  rate: RateSource,
): Float64Array {
  const rates = new Float64Array(count);
  for (let index = 0, at = HEADER; index < count; index++, at += EVENT_WIDTH) {
    const own = numbers[at + 4];
    rates[index] = Number.isNaN(own) ? rate(currencies[numbers[at + 3]], numbers[at + 2]) : own;
  }
  return rates;
}

/** `entryAt` of each event from its doubles: the same products, so the same entries. */
function entriesAt(numbers: Float64Array, count: number, rates: ArrayLike<number>): LedgerEntry[] {
  const entries = new Array<LedgerEntry>(count);
  for (let index = 0, at = HEADER; index < count; index++, at += EVENT_WIDTH) {
    const rate = rates[index];
    const time = numbers[at + 2];
    const amounts = at + 6;
    const kind = KINDS[numbers[at + 1]];
    switch (kind) {
      case 'buy':
      case 'sell':
        entries[index] = {
          kind,
          time,
          shares: numbers[amounts],
          price: numbers[amounts + 1] * rate,
          fee: numbers[amounts + 2] * rate,
        };
        break;
      case 'dividend': {
        const tax = numbers[amounts + 1];
        entries[index] = Number.isNaN(tax)
          ? { kind, time, amount: numbers[amounts] * rate }
          : { kind, time, amount: numbers[amounts] * rate, withholdingTax: tax * rate };
        break;
      }
      case 'split':
        entries[index] = {
          kind,
          time,
          sharesAfter: numbers[amounts],
          fee: numbers[amounts + 1] * rate,
          soldShares: numbers[amounts + 2],
          soldPrice: numbers[amounts + 3] * rate,
        };
        break;
    }
  }
  return entries;
}

function eventsOf(
  numbers: Float64Array,
  count: number,
  investmentId: number,
  currencies: readonly string[],
): EventRow[] {
  const events = new Array<EventRow>(count);
  for (let index = 0, at = HEADER; index < count; index++, at += EVENT_WIDTH)
    events[index] = eventAt(numbers, at, investmentId, currencies);
  return events;
}

/**
 * The first `length` bytes as doubles, copied: a driver's buffer need not start on a double's
 * boundary (and a Node Buffer's `slice` is no copy).
 */
function doubles(bytes: Uint8Array, length: number): Float64Array {
  return new Float64Array(new Uint8Array(bytes.subarray(0, length)).buffer);
}

/**
 * One event, each kind's object made whole at once: spreading parts costs 7 times as much. Its
 * amounts are read by index, not through a closure made per event (tsx names each one it makes).
 */
function eventAt(
  numbers: Float64Array,
  at: number,
  investmentId: number,
  currencies: readonly string[],
): EventRow {
  const id = numbers[at];
  const time = numbers[at + 2];
  const currency = currencies[numbers[at + 3]];
  const amounts = at + 6;
  const kind = KINDS[numbers[at + 1]];
  let event: EventRow;
  switch (kind) {
    case 'buy':
    case 'sell':
      event = {
        id,
        investmentId,
        time,
        currency,
        kind,
        shares: numbers[amounts],
        price: numbers[amounts + 1],
        fee: numbers[amounts + 2],
      };
      break;
    case 'dividend':
      event = { id, investmentId, time, currency, kind, amount: numbers[amounts] };
      if (!Number.isNaN(numbers[amounts + 1])) event.withholdingTax = numbers[amounts + 1];
      break;
    case 'split':
      event = {
        id,
        investmentId,
        time,
        currency,
        kind,
        sharesAfter: numbers[amounts],
        fee: numbers[amounts + 1],
        soldShares: numbers[amounts + 2],
        soldPrice: numbers[amounts + 3],
        fromShares: numbers[amounts + 4],
        hide: numbers[amounts + 5] === 1,
      };
      break;
  }
  if (!Number.isNaN(numbers[at + 4])) event.exchangeRate = numbers[at + 4];
  return event;
}
