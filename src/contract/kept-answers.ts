// The home's answers kept exactly (issue 37; docs/benchmarks.md, "Server"). An answer depends on
// what it is made from (the fingerprint: the investments' and portfolios' rows, the benchmark,
// the listings' and rates' sync versions, the code and the process's time zone) and on the
// request's instant: its value at `now` and at the period's start. It is kept with the first
// instant at which anything it read at each of the two may step (`Valuer.steadyUntil`), and a
// later request with the same fingerprint whose two instants both fall before those gets it,
// its chart's times written afresh (the points between the ends must be the same). Kept in
// memory and as one row per user and answer, so a fresh process answers from the row. A chart
// without a benchmark chosen, whose default the market has not placed, has no line: it is kept
// too, and answered from only while the market still has not placed it.
import { chartTimes, isoTime, periodStart } from '../domain/valuation';
import type { Period } from '../domain/types';
import { jsonWithText, selectedPeriod, type Answer, type Call } from './answers';
import { benchmarkHolding } from './benchmark';
import type { Valuer } from './figures';
import type { Market } from './market/market';
import { phaseCount, phaseEnd, phaseStart } from './phases';
import type { BenchmarkRow, InvestmentRow, PortfolioRow } from './store';
import type { KeptAnswerRow, KeptAnswerStore } from './store/kept-answers';

export interface KeptAnswersOptions {
  store: KeptAnswerStore;
  /** Changes with any code the answers come from: a row kept by another build is never used. */
  codeVersion: string;
  /** The rates' key among the market's sync versions. */
  ratesKey: string;
}

export type KeptKind = 'valuation' | 'chart';

/** The periods each answer is kept for: Day's start moves with the markets' clocks. */
const KEPT_PERIODS: Record<KeptKind, readonly Period[]> = {
  valuation: ['Week', 'Month', 'Year', 'Forever'],
  chart: ['Week', 'Month', 'Year'],
};

/** Answers kept in memory at most (a few per user), the least recently used go first. */
const KEPT_IN_MEMORY = 512;

/** What of a request keeping reads: the user, the instant and the period's cookie. */
export type KeptCall = Pick<Call, 'userId' | 'now'> & { request: Pick<Call['request'], 'cookies'> };

/** What an answer is made from, read before it is made. */
export interface KeptSources {
  investments: readonly InvestmentRow[];
  portfolios: readonly PortfolioRow[];
  /** The chart's: its benchmark line comes from it. */
  benchmark?: BenchmarkRow;
  /**
   * The chart's without a benchmark chosen: whether the market still has not placed the default,
   * asking it to from `since` as making the chart does. A chart made without a line is kept only
   * with this, and answered from only while it says so.
   */
  benchmarkUnplaced?: (since: string) => Promise<boolean>;
}

/** A made answer and, when it may be kept, the instants its two times stay exact until. */
export interface Made {
  answer: Answer;
  bounds?: { nowUntil: number; startUntil: number };
  /** A chart made without a benchmark, none placed: the day the default is wanted from. */
  benchmarkSince?: string;
}

interface Held {
  row: KeptAnswerRow;
  body: Record<string, unknown>;
  /** A chart's points between its ends as JSON text, by the chart's path: made at first use. */
  between?: Map<string, string>;
}

export class KeptAnswers {
  private readonly memory = new Map<string, Held>();
  /** Rows made and not yet written, the last of each user's answer: one write each. */
  private readonly unwritten = new Map<string, KeptAnswerRow>();
  private writing: Promise<void> = Promise.resolve();
  /**
   * The process's time zone, in every fingerprint: read once, as making an Intl.DateTimeFormat
   * cost about 0.3 ms of each warm request (issue 37, pgw14's profile).
   */
  private readonly timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  constructor(
    private readonly options: KeptAnswersOptions | undefined,
    private readonly market: Pick<Market, 'snapshot'>,
    private readonly pause: () => Promise<void>,
    /** Resolves when a row may be written without holding up an answer; absent: `pause`. */
    private readonly quiet: () => Promise<void> = pause,
  ) {}

  /** Resolves once the rows kept so far are written (or failed), each once `quiet` let it. */
  settled(): Promise<void> {
    return this.writing;
  }

  /** The kept answer of `kind` if it is exact now, else the one `make` makes, kept if it may be. */
  async answer(
    call: KeptCall,
    kind: KeptKind,
    sources: KeptSources,
    make: () => Promise<Made>,
  ): Promise<Answer> {
    const period = selectedPeriod(call.request.cookies);
    const { options } = this;
    if (
      !options ||
      !KEPT_PERIODS[kind].includes(period) ||
      sources.portfolios.some((p) => p.cash) ||
      (kind === 'chart' && !sources.benchmark && !sources.benchmarkUnplaced)
    )
      return (await make()).answer;
    const key = `${kind} ${period}`;
    const owner = `${call.userId} ${key}`;
    const listings = [
      ...new Set(
        [...sources.investments.map((i) => i.listing), sources.benchmark?.listing].flatMap(
          (l) => l ?? [],
        ),
      ),
    ].sort();
    // Read before the answer is made: what it is made from is then this or newer, so a row is
    // never kept under a fingerprint newer than its figures.
    const versions = await options.store.marketVersions([...listings, options.ratesKey]);
    const fingerprint = JSON.stringify([
      options.codeVersion,
      this.timeZone,
      key,
      sources.investments,
      sources.portfolios,
      sources.benchmark ?? null,
      [...listings, options.ratesKey].map((k) => [k, versions.get(k) ?? 0]),
    ]);
    const held = this.memory.get(owner) ?? (await this.read(call.userId, key));
    if (held?.row.fingerprint === fingerprint) {
      const exact = exactAt(held, kind, period, call.now);
      if (exact && (await stillUnplaced(held.row, kind, sources))) {
        this.remember(owner, held);
        this.refreshBehind(sources);
        phaseCount('answers kept');
        return jsonWithText(200, exact.body, exact.json);
      }
    }
    const made = await make();
    const lineless = kind === 'chart' && !sources.benchmark;
    const since = lineless ? made.benchmarkSince : undefined;
    if (
      made.answer.status === 200 &&
      made.bounds &&
      typeof made.answer.body === 'object' &&
      (!lineless || since !== undefined)
    ) {
      const row: KeptAnswerRow = {
        userId: call.userId,
        key,
        fingerprint,
        madeAt: call.now,
        ...made.bounds,
        body: JSON.stringify(made.answer.body),
        ...(since !== undefined && { benchmarkSince: since }),
      };
      this.remember(owner, { row, body: JSON.parse(row.body) as Record<string, unknown> });
      this.write(owner, row, options.store);
    }
    return made.answer;
  }

  /** Writes the row once quiet, in place of a row of the same answer not yet written. */
  private write(owner: string, row: KeptAnswerRow, store: KeptAnswerStore): void {
    const draining = this.unwritten.size > 0;
    this.unwritten.delete(owner);
    this.unwritten.set(owner, row);
    if (draining) return;
    this.writing = this.writing.then(async () => {
      for (const [next, unwritten] of this.unwritten) {
        await this.quiet().catch(() => undefined);
        // Taken out only now: a newer row made while waiting replaces it.
        const latest = this.unwritten.get(next) ?? unwritten;
        this.unwritten.delete(next);
        await store.keepAnswer(latest).catch(() => undefined);
      }
    });
  }

  private async read(userId: number, key: string): Promise<Held | undefined> {
    const started = phaseStart();
    try {
      const row = await this.options?.store.keptAnswer(userId, key);
      return row && { row, body: JSON.parse(row.body) as Record<string, unknown> };
    } catch {
      return undefined;
    } finally {
      phaseEnd('kept read', started);
    }
  }

  private remember(owner: string, held: Held): void {
    this.memory.delete(owner);
    this.memory.set(owner, held);
    for (const oldest of this.memory.keys()) {
      if (this.memory.size <= KEPT_IN_MEMORY) break;
      this.memory.delete(oldest);
    }
  }

  /**
   * A snapshot of the market behind a kept answer, as a made one takes: it refreshes stale
   * quotes (the next answer then has a new fingerprint) and, in a fresh process, reads the
   * prices in after the answers that did not need them.
   */
  private refreshBehind({ investments, benchmark }: KeptSources): void {
    const held = benchmark ? [...investments, benchmarkHolding(0, benchmark)] : investments;
    void this.pause()
      .then(() => this.market.snapshot(held))
      .catch(() => undefined);
  }
}

/**
 * A chart kept without a benchmark line is exact only while the market has not placed the
 * default (once it has, the chart is made with the line): asked again, from the day it was
 * wanted from, so a kept answer also asks for it to be placed, as a made one does.
 */
async function stillUnplaced(
  row: KeptAnswerRow,
  kind: KeptKind,
  { benchmark, benchmarkUnplaced }: KeptSources,
): Promise<boolean> {
  if (kind !== 'chart' || benchmark) return true;
  return (
    row.benchmarkSince !== undefined &&
    benchmarkUnplaced !== undefined &&
    benchmarkUnplaced(row.benchmarkSince)
  );
}

/**
 * The instants until which an answer made now of `investments` (and `also`, the benchmark's
 * holding) stays exact, or undefined when it may change at any instant.
 */
export function exactBounds(
  figures: Valuer,
  period: Period,
  now: number,
  investments: readonly InvestmentRow[],
  also: readonly InvestmentRow[] = [],
): Made['bounds'] {
  const nowUntil = figures.steadyUntil(investments, now, also);
  if (nowUntil <= now) return undefined;
  if (period === 'Forever') {
    // Each investment's start is just before its first entry, or `now` before that: kept only
    // when every start is already fixed.
    const fixed = investments.every((i) => {
      const first = figures.firstTime([i]);
      return first === undefined || first - 1 < now;
    });
    return fixed ? { nowUntil, startUntil: Infinity } : undefined;
  }
  const start = periodStart(period, now);
  const startUntil = figures.steadyUntil(investments, start, also);
  return startUntil > start ? { nowUntil, startUntil } : undefined;
}

/**
 * The kept body if it is exact at `now`, with its JSON text: both instants within their bounds
 * and, for a chart, the same points between its ends, whose times are then written afresh (only
 * the ends' differ: the text of the points between them is made once per kept answer).
 * Undefined otherwise.
 */
function exactAt(
  held: Held,
  kind: KeptKind,
  period: Period,
  now: number,
): { body: Record<string, unknown>; json: string } | undefined {
  const { row, body } = held;
  if (!(row.madeAt <= now && now < row.nowUntil)) return undefined;
  if (period !== 'Forever') {
    const keptStart = periodStart(period, row.madeAt);
    const start = periodStart(period, now);
    if (!(keptStart <= start && start < row.startUntil)) return undefined;
  }
  if (kind === 'valuation') return { body, json: row.body };
  const kept = chartTimes(period, row.madeAt);
  const times = chartTimes(period, now);
  if (times.length !== kept.length) return undefined;
  for (let i = 1; i < times.length - 1; i++) if (times[i] !== kept[i]) return undefined;
  const between = (held.between ??= new Map<string, string>());
  /** The points with the ends' times written afresh, and their JSON text. */
  const retimed = (path: string, points: unknown) => {
    if (!Array.isArray(points) || points.length !== times.length) return undefined;
    const end = times.length - 1;
    const fresh = points.map((point: object, i) =>
      i === 0 || i === end ? { ...point, time: isoTime(times[i]) } : point,
    );
    let inner = between.get(path);
    if (inner === undefined) {
      inner = fresh
        .slice(1, -1)
        .map((point) => JSON.stringify(point))
        .join(',');
      between.set(path, inner);
    }
    const parts = end === 0 ? [fresh[0]] : [fresh[0], inner, fresh[end]];
    const text = parts
      .map((part) => (typeof part === 'string' ? part : JSON.stringify(part)))
      .filter((part) => part !== '')
      .join(',');
    return { points: fresh, text: `[${text}]` };
  };
  const chart = retimed('chart', body.chart);
  if (!chart) return undefined;
  const line = body.benchmark as Record<string, unknown> | undefined;
  const lineChart = line && retimed('benchmark.chart', line.chart);
  if (line && !lineChart) return undefined;
  const retimedLine = line && lineChart && { ...line, chart: lineChart.points };
  const retimedBody = {
    ...body,
    chart: chart.points,
    ...(retimedLine && { benchmark: retimedLine }),
  };
  const texts = {
    chart: chart.text,
    ...(lineChart && { benchmark: jsonWith(line, { chart: lineChart.text }) }),
  };
  return { body: retimedBody, json: jsonWith(retimedBody, texts) };
}

/**
 * `JSON.stringify(value)` of an object from JSON (no undefined, no toJSON), with the text of
 * some of its keys' values given.
 */
function jsonWith(value: object, texts: Readonly<Record<string, string>>): string {
  const entries = Object.entries(value).map(
    ([key, entry]) =>
      `${JSON.stringify(key)}:${Object.hasOwn(texts, key) ? texts[key] : JSON.stringify(entry)}`,
  );
  return `{${entries.join(',')}}`;
}
