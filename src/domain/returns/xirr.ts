// Money-weighted return: the annual rate that makes a series of dated flows' net present value
// zero, as Excel's XIRR defines it (exponents in days/365).

/** A dated amount: negative when money goes in (invested), positive when it comes out. */
export interface DatedAmount {
  /** Days from the first flow (Excel counts whole days). */
  days: number;
  amount: number;
}

/** Newton's tolerance on the rate, and Excel's own starting guess. */
const TOLERANCE = 1e-12;
const GUESS = 0.1;
const NEWTON_STEPS = 60;
/** The bisection's reach on ln(1 + rate): from a 100 % loss but e^-40 to a gain of e^40 times. */
const LOG_REACH = 40;
/** The scan's step on ln(1 + rate) for the bracket nearest 0 %. */
const LOG_STEP = 0.05;
const BISECTION_STEPS = 200;
/** Whole days below this are counted in a table, others in a map. */
const WHOLE_DAYS = 1_000_000;

/**
 * Dated amounts as two lists, with their distinct days: each step raises the growth to the power
 * of each day once, not of each flow (thousands of trades fall on a few hundred days).
 */
class Dated {
  readonly distinct: number[] = [];
  /** slots[i]: days[i] among `distinct`. */
  readonly slots: Int32Array;
  private readonly factors: Float64Array;

  constructor(
    readonly days: ArrayLike<number>,
    readonly amounts: ArrayLike<number>,
  ) {
    // Loops, not Int32Array.from(…, map) or a spread: both are slow or overflow at 200k flows.
    let whole = true;
    let last = 0;
    for (let i = 0; i < days.length && whole; i++) {
      whole = Number.isInteger(days[i]) && days[i] >= 0 && days[i] < WHOLE_DAYS;
      last = Math.max(last, days[i]);
    }
    const index = new Map<number, number>();
    const table = new Int32Array(whole ? last + 1 : 0).fill(-1);
    this.slots = new Int32Array(days.length);
    for (let i = 0; i < days.length; i++) {
      const day = days[i];
      let slot = whole ? table[day] : (index.get(day) ?? -1);
      if (slot < 0) {
        slot = this.distinct.length;
        if (whole) table[day] = slot;
        else index.set(day, slot);
        this.distinct.push(day);
      }
      this.slots[i] = slot;
    }
    this.factors = new Float64Array(this.distinct.length);
  }

  /** Each distinct day's discount factor at `growth`, growth^(−days/365), by slot. */
  discounts(growth: number): Float64Array {
    for (let slot = 0; slot < this.distinct.length; slot++)
      this.factors[slot] = Math.pow(growth, -this.distinct[slot] / 365);
    return this.factors;
  }
}

function npv(dated: Dated, growth: number): number {
  const factors = dated.discounts(growth);
  let sum = 0;
  for (let i = 0; i < dated.amounts.length; i++) sum += dated.amounts[i] * factors[dated.slots[i]];
  return sum;
}

function newton(dated: Dated): number | undefined {
  let rate = GUESS;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const growth = 1 + rate;
    let value = 0;
    let slope = 0;
    const factors = dated.discounts(growth);
    for (let i = 0; i < dated.amounts.length; i++) {
      const years = dated.days[i] / 365;
      const discounted = dated.amounts[i] * factors[dated.slots[i]];
      value += discounted;
      slope -= (years * discounted) / growth;
    }
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) return undefined;
    const next = rate - value / slope;
    // A step to or past a 100 % loss leaves the function's domain: the bisection takes over.
    if (!(next > -1)) return undefined;
    if (Math.abs(next - rate) < TOLERANCE) return next;
    rate = next;
  }
  return undefined;
}

/**
 * Bisection on x = ln(1 + rate), where a near-total loss (rate close to −1) is an ordinary
 * number instead of a cliff Newton's method falls off. Of several roots (flows in and out in
 * turn), the one nearest 0 %: the bracket is scanned for outwards from x = 0.
 */
function bisection(dated: Dated): number | undefined {
  const at = (x: number) => npv(dated, Math.exp(x));
  const atZero = at(0);
  if (atZero === 0) return 0;
  let bracket: [number, number] | undefined;
  for (let x = LOG_STEP; x <= LOG_REACH && !bracket; x += LOG_STEP) {
    if (Math.sign(at(-x)) !== Math.sign(at(-x + LOG_STEP))) bracket = [-x, -x + LOG_STEP];
    else if (Math.sign(at(x)) !== Math.sign(at(x - LOG_STEP))) bracket = [x - LOG_STEP, x];
  }
  if (!bracket) return undefined;
  let [low, high] = bracket;
  let atLow = at(low);
  for (let step = 0; step < BISECTION_STEPS && high - low > 1e-15; step++) {
    const middle = (low + high) / 2;
    const atMiddle = at(middle);
    if (atMiddle === 0) return Math.expm1(middle);
    if (Math.sign(atMiddle) === Math.sign(atLow)) {
      low = middle;
      atLow = atMiddle;
    } else high = middle;
  }
  return Math.expm1((low + high) / 2);
}

/**
 * The annual rate of the flows (Excel's XIRR), or undefined when none exists: all money in or
 * all out, or nothing at all. Newton's method from Excel's guess, and where it fails (a near-total
 * loss, Portfolio Performance's issue 1904) a bracketed bisection.
 */
export function xirr(flows: readonly DatedAmount[]): number | undefined {
  return xirrOf(
    flows.map((flow) => flow.days),
    flows.map((flow) => flow.amount),
  );
}

/** Flows solved lately and their rates (solve is a pure function of them). */
const solved: { days: Float64Array; amounts: Float64Array; rate: number | undefined }[] = [];
/** A span's flows are mostly the same request after request: its start and end move, not its days. */
const SOLVED_KEPT = 8;

function same(kept: Float64Array, given: ArrayLike<number>): boolean {
  if (kept.length !== given.length) return false;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== given[i]) return false;
  return true;
}

/**
 * xirr of the flows amounts[i] on days[i], as two lists: no object per flow. The rates of the
 * last few are kept: one with no solution costs a bisection's thousands of sums each time.
 */
export function xirrOf(days: ArrayLike<number>, amounts: ArrayLike<number>): number | undefined {
  const known = solved.find((s) => same(s.amounts, amounts) && same(s.days, days));
  if (known) return known.rate;
  const rate = rateOf(days, amounts);
  solved.unshift({ days: new Float64Array(days), amounts: new Float64Array(amounts), rate });
  solved.length = Math.min(solved.length, SOLVED_KEPT);
  return rate;
}

function rateOf(days: ArrayLike<number>, amounts: ArrayLike<number>): number | undefined {
  let moving = 0;
  let into = false;
  let out = false;
  for (let i = 0; i < amounts.length; i++) {
    if (amounts[i] === 0) continue;
    moving++;
    into ||= amounts[i] < 0;
    out ||= amounts[i] > 0;
  }
  if (!into || !out) return undefined;
  if (moving === amounts.length) return solve(new Dated(days, amounts));
  const movingDays = new Float64Array(moving);
  const movingAmounts = new Float64Array(moving);
  for (let i = 0, at = 0; i < amounts.length; i++) {
    if (amounts[i] === 0) continue;
    movingDays[at] = days[i];
    movingAmounts[at++] = amounts[i];
  }
  return solve(new Dated(movingDays, movingAmounts));
}

function solve(dated: Dated): number | undefined {
  return newton(dated) ?? bisection(dated);
}
