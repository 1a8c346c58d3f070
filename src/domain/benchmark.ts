// "The same money put into the benchmark on the same days" (issue 38): a shadow holding of the
// benchmark that buys with each day's money put in and sells with each day's money taken out, at
// that day's close, all in DKK.
import { isTrade, type LedgerEntry } from './ledger';
import { StepCursor } from './valuation/cursor';

/**
 * Money put in (positive) or taken out (negative) on a day (YYYY-MM-DD), in DKK, from `time`
 * (epoch ms) on: when the day's first event happened.
 */
export interface Flow {
  day: string;
  time: number;
  amount: number;
}

/**
 * A ledger's external flows: a buy puts in what it cost with its fee, a sale takes out what it
 * brought less its fee. Dividends and splits move no money in or out of the holding (a
 * holdings-only portfolio has no cash to count them against).
 */
export function tradeFlows(entries: readonly LedgerEntry[]): { time: number; amount: number }[] {
  // A loop, not flatMap: an array per entry is garbage a cold chart of 200k entries waits on.
  const flows: { time: number; amount: number }[] = [];
  for (const entry of entries) {
    const amount = tradeAmount(entry);
    if (amount !== undefined) flows.push({ time: entry.time, amount });
  }
  return flows;
}

/** The money a trade puts in (a buy, with its fee) or takes out (a sale, less its fee). */
function tradeAmount(entry: LedgerEntry): number | undefined {
  if (!isTrade(entry)) return undefined;
  const amount = entry.shares * entry.price;
  return entry.kind === 'buy' ? amount + entry.fee : -(amount - entry.fee);
}

/** A ledger's trade flows (`tradeFlows`) as columns, each with its day's number. */
export interface TradeColumns {
  times: Float64Array;
  amounts: Float64Array;
  days: Float64Array;
}

/**
 * `tradeFlows` as columns, each flow's day `dayNumberOf` its time: no object per trade, which a
 * cold chart of 20,000 trades paid for in garbage.
 */
export function tradeColumns(
  entries: readonly LedgerEntry[],
  dayNumberOf: (time: number) => number,
): TradeColumns {
  // Indexed loops: unoptimised (a cold process), `for...of` makes an iterator result per entry.
  let count = 0;
  for (let i = 0; i < entries.length; i++) if (isTrade(entries[i])) count++;
  const columns = {
    times: new Float64Array(count),
    amounts: new Float64Array(count),
    days: new Float64Array(count),
  };
  let index = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const amount = tradeAmount(entry);
    if (amount === undefined) continue;
    columns.times[index] = entry.time;
    columns.amounts[index] = amount;
    columns.days[index] = dayNumberOf(entry.time);
    index++;
  }
  return columns;
}

/**
 * `flowsOf` the columns' flows, in their order, then `more`'s, whose days are `dayNumberOf` their
 * times: summed per day number in the same order, so to the same sums; a day's text (`dayOf` its
 * number) is made once per day, not per trade.
 */
export function flowsOfColumns(
  columns: readonly TradeColumns[],
  more: readonly { time: number; amount: number }[],
  dayNumberOf: (time: number) => number,
  dayOf: (dayNumber: number) => string,
): Flow[] {
  const moreDays = more.map(({ time }) => dayNumberOf(time));
  let first = Infinity;
  let last = -Infinity;
  let count = 0;
  for (const days of [moreDays, ...columns.map((c) => c.days)]) {
    for (let i = 0; i < days.length; i++) {
      first = Math.min(first, days[i]);
      last = Math.max(last, days[i]);
    }
    count += days.length;
  }
  if (!(first <= last)) return [];
  // Flows centuries apart would take a slot per day between: summed by the map instead.
  if (last - first > 4 * count + 4_096) {
    const flows = columns.flatMap(({ times, amounts }) =>
      Array.from(times, (time, i) => ({ time, amount: amounts[i] })),
    );
    return flowsOf([...flows, ...more], (time) => dayOf(dayNumberOf(time)));
  }
  // A slot per day from the first to the last: filled in the flows' order, read in day order
  // (a later day's first time is later), so no map and no sort.
  const span = last - first + 1;
  const amounts = new Float64Array(span);
  const times = new Float64Array(span).fill(NaN);
  const add = (day: number, time: number, amount: number) => {
    const slot = day - first;
    if (Number.isNaN(times[slot])) {
      times[slot] = time;
      amounts[slot] = amount;
    } else {
      amounts[slot] += amount;
      times[slot] = Math.min(times[slot], time);
    }
  };
  for (const { times: at, amounts: moved, days } of columns)
    for (let i = 0; i < at.length; i++) add(days[i], at[i], moved[i]);
  more.forEach(({ time, amount }, index) => add(moreDays[index], time, amount));
  const flows: Flow[] = [];
  for (let slot = 0; slot < span; slot++)
    if (!Number.isNaN(times[slot]))
      flows.push({ day: dayOf(first + slot), time: times[slot], amount: amounts[slot] });
  return flows;
}

/**
 * Flows (DKK, epoch ms) summed per day, from the day's first on, in time order; a flow's `day`,
 * when it has one, is `dayOf` its time already.
 */
export function flowsOf(
  flows: readonly { time: number; amount: number; day?: string }[],
  dayOf: (time: number) => string,
): Flow[] {
  const byDay = new Map<string, Flow>();
  for (const { time, amount, day: given } of flows) {
    const day = given ?? dayOf(time);
    const known = byDay.get(day);
    if (known) {
      known.amount += amount;
      known.time = Math.min(known.time, time);
    } else byDay.set(day, { day, time, amount });
  }
  return [...byDay.values()].sort((a, b) => a.time - b.time);
}

/** The shadow holding: units of the benchmark held from each flow's time on. */
export interface Shadow {
  times: readonly number[];
  units: readonly number[];
  /** The money each flow moved in DKK: a sale capped at what was held moves less than asked. */
  amounts: readonly number[];
}

/**
 * Units bought or sold at each flow's day's close (`closeOn` the flow's day and its index, DKK per
 * unit), the flows in time order (as `flowsOf` gives them). A sale never sells more than is held:
 * money taken out beyond the benchmark's value (the real holding did better) leaves it at
 * nothing, never short. Undefined when a flow's day has no close.
 */
export function shadowOf(
  flows: readonly Flow[],
  closeOn: (day: string, index: number) => number,
): Shadow | undefined {
  const times: number[] = [];
  const units: number[] = [];
  const amounts: number[] = [];
  let held = 0;
  for (let index = 0; index < flows.length; index++) {
    const flow = flows[index];
    const close = closeOn(flow.day, index);
    if (!(close > 0) || !Number.isFinite(close)) return undefined;
    const before = held;
    held = Math.max(0, held + flow.amount / close);
    times.push(flow.time);
    units.push(held);
    amounts.push((held - before) * close);
  }
  return { times, units, amounts };
}

/** Units held once the first `done` flows are. */
function unitsAfter(shadow: Shadow, done: number): number {
  return done === 0 ? 0 : shadow.units[done - 1];
}

/**
 * The shadow holding's value at each of the ascending `times`, at `prices` (DKK per unit, one a
 * time): the units the flows up to it bought times its price; 0 holding none (no price needed),
 * non-finite where it holds units without a price.
 */
export function shadowValuesAt(
  shadow: Shadow,
  times: readonly number[],
  prices: ArrayLike<number>,
): Float64Array {
  const values = new Float64Array(times.length);
  const held = new StepCursor(shadow.times);
  for (let i = 0; i < times.length; i++) {
    const units = unitsAfter(shadow, held.doneBy(times[i]));
    values[i] = units === 0 ? 0 : units * prices[i];
  }
  return values;
}
