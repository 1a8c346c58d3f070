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

function npv(flows: readonly DatedAmount[], growth: number): number {
  let sum = 0;
  for (const flow of flows) sum += flow.amount * Math.pow(growth, -flow.days / 365);
  return sum;
}

function newton(flows: readonly DatedAmount[]): number | undefined {
  let rate = GUESS;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const growth = 1 + rate;
    let value = 0;
    let slope = 0;
    for (const flow of flows) {
      const years = flow.days / 365;
      const discounted = flow.amount * Math.pow(growth, -years);
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
function bisection(flows: readonly DatedAmount[]): number | undefined {
  const at = (x: number) => npv(flows, Math.exp(x));
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
  const moving = flows.filter((flow) => flow.amount !== 0);
  if (!moving.some((f) => f.amount < 0) || !moving.some((f) => f.amount > 0)) return undefined;
  return newton(moving) ?? bisection(moving);
}
