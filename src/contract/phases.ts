// Where a cold request's time goes, for `bench:server`'s cold phase: its server process sets a
// clock; everywhere else none is set and a phase costs one check.
export type Phase =
  | 'prices read'
  | 'price functions'
  | 'events read'
  | 'replay'
  | 'kept read'
  /** A chart answer's points and its benchmark's line, from built timelines. */
  | 'chart';

export type PhaseClock = (phase: Phase, ms: number) => void;

/** What is counted beside the phases: home answers given from what was kept (kept-answers.ts). */
export type Counted = 'answers kept';

let clock: PhaseClock | undefined;
let counter: ((what: Counted) => void) | undefined;
const spent = new Map<Phase, number>();

export function setPhaseClock(next: PhaseClock | undefined, count?: (what: Counted) => void): void {
  clock = next;
  counter = count;
}

export function phaseCount(what: Counted): void {
  counter?.(what);
}

/** A phase's start, for `phaseEnd`. */
export function phaseStart(): number {
  return clock ? performance.now() : 0;
}

export function phaseEnd(phase: Phase, started: number): void {
  if (!clock) return;
  const ms = performance.now() - started;
  spent.set(phase, (spent.get(phase) ?? 0) + ms);
  clock(phase, ms);
}

/**
 * The ms spent in `phase` so far (0 without a clock). Reads in flight together overlap each
 * other and the work done on what came back: their phase is their wall time less that work's.
 */
export function phaseSpent(phase: Phase): number {
  return spent.get(phase) ?? 0;
}
