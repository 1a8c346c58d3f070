// Where a cold request's time goes, for `bench:server`'s cold phase: its server process sets a
// clock; everywhere else none is set and a phase costs one check.
export type Phase = 'prices read' | 'price functions' | 'events read' | 'replay';

export type PhaseClock = (phase: Phase, ms: number) => void;

let clock: PhaseClock | undefined;

export function setPhaseClock(next: PhaseClock | undefined): void {
  clock = next;
}

/** A phase's start, for `phaseEnd`. */
export function phaseStart(): number {
  return clock ? performance.now() : 0;
}

export function phaseEnd(phase: Phase, started: number): void {
  if (clock) clock(phase, performance.now() - started);
}
