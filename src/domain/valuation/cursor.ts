// Step lookups for a run of ascending times (a chart's points, a benchmark's flow days): each
// walks on from the last answer instead of searching all the steps again (issue 37: a Year chart
// of 40 investments asks 14,640 prices, each several binary searches one by one).
import { doneBy } from './timeline';

/** How many steps a cursor walks before it searches the rest (a chart's points can be far apart). */
const WALK = 8;

/** `doneBy(times, time)` for each time asked, cheapest when they ascend. */
export class StepCursor {
  private done = 0;
  private last = -Infinity;

  constructor(private readonly times: ArrayLike<number>) {}

  doneBy(time: number): number {
    const times = this.times;
    // A time before the last one (or NaN) starts from the first step again.
    let done = time >= this.last ? this.done : 0;
    this.last = time;
    const walked = Math.min(times.length, done + WALK);
    while (done < walked && times[done] <= time) done++;
    if (done === walked) done = doneBy(times, time, done);
    this.done = done;
    return done;
  }
}
