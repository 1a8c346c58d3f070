// Past years' reports kept between requests (issue 39): a past year's figures change only when
// what it is made from does: an investment's events or typed prices (its version), the market's
// prices and rates it is valued from (their version), a portfolio's kind, a tax class, the
// married setting, a name. Each report is kept under a fingerprint of all of them, read afresh
// on every request, so a write here or in another process is never answered from an old one.
import type { WireReport } from './types';

/** Reports kept at most: a few per user that reads them, the least recently used go first. */
const KEPT_REPORTS = 64;

export class KeptReports {
  private readonly kept = new Map<string, { fingerprint: string; report: WireReport }>();

  constructor(private readonly max = KEPT_REPORTS) {}

  /** The report kept for `owner` (a user's year) under this fingerprint, else a new one kept. */
  of(owner: string, fingerprint: string, build: () => WireReport): WireReport {
    const hit = this.kept.get(owner);
    this.kept.delete(owner);
    const report = hit?.fingerprint === fingerprint ? hit.report : build();
    this.kept.set(owner, { fingerprint, report });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.max) break;
      this.kept.delete(oldest);
    }
    return report;
  }
}
