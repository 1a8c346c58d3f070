// An import's plan: every row read, matched, checked for duplicates, and every investment's
// history replayed with the new rows, with the report a dry run answers.
import { tidy } from '../../domain/ledger';
import type { ImportCounts, ImportReport, ImportRowReport } from '../../domain/import/rows';
import { conflictMessage, refusalErrors, replayAll } from '../history';
import type { Accepted, Refused } from '../market/market';
import type { EventRow } from '../store';
import { cashPortfolioName, planCash, type CashLine } from './cash';
import { markDuplicates } from './duplicates';
import { matchInstruments, type NewInstrument } from './matching';
import { failed, importing, readRow, type ImportRequestRead, type Row } from './request';
import type { ImportState } from './state';
import type { PortfolioKind } from '../../domain/tax';

/** Rows read between two pauses of a plan, so other requests are answered while it runs. */
const PLAN_SLICE = 500;

/** Above every id a store gives: the ids rows have in a replay, by their place in the file. */
export const PENDING_BASE = 2 ** 52;

/** The plan of an import: the report, and what a commit writes. */
export interface ImportPlan {
  report: ImportReport;
  rows: Row[];
  /** By key (`new:NAME`): the name, and the kind a row of Formue's export gave it. */
  newPortfolios: Map<string, NewPortfolio>;
  newInstruments: Map<string, NewInstrument>;
  /** Replayed histories by investment key: the rows' events with their from_shares. */
  replayed: Map<string, { existing: EventRow[]; events: EventRow[] }>;
  /** The file's cash lines, each with its verdict and the cash event it books. */
  cash: CashLine[];
}

/**
 * Reads every row, matches it, finds duplicates and replays the histories. `resolved` holds the
 * market's answer for identifiers the import would create (see `identifiersToResolve`). Awaits
 * `pause` between slices of rows and between steps.
 */
export async function planImport(
  request: ImportRequestRead,
  state: ImportState,
  now: number,
  resolved: ReadonlyMap<string, Accepted | Refused>,
  pause: () => Promise<void>,
): Promise<ImportPlan> {
  const rows: Row[] = [];
  for (const [index, raw] of request.rows.entries()) {
    rows.push(readRow(raw, index, now));
    if ((index + 1) % PLAN_SLICE === 0) await pause();
  }
  const { newPortfolios, portfolioOf } = portfoliosOf(request, state, rows);
  const newInstruments = new Map<string, NewInstrument>();
  for (const row of rows) row.portfolioKey = portfolioOf(row);
  matchInstruments(rows, state, newInstruments, resolved);
  await pause();
  markDuplicates(rows, request.source, state, newInstruments);
  const replayed = replayRows(rows, state);
  await pause();
  checkPrices(rows, state, newInstruments);

  const counts: ImportCounts = { imported: 0, duplicates: 0, skipped: 0, errors: 0 };
  const reports = rows.map((row): ImportRowReport => {
    const status = failed(row)
      ? 'error'
      : (row.status ?? (row.warnings.length > 0 ? 'warning' : 'ok'));
    if (status === 'error') counts.errors++;
    else if (status === 'duplicate') counts.duplicates++;
    else if (status === 'skipped') counts.skipped++;
    else counts.imported++;
    const investmentId = row.investmentKey?.startsWith('id:')
      ? Number(row.investmentKey.slice(3))
      : undefined;
    return {
      line: row.line,
      status,
      errors: row.errors,
      warnings: row.warnings,
      ...(investmentId !== undefined && { investment_id: investmentId }),
    };
  });
  const cash = planCash(
    request.cash,
    (body) => portfolioOf({ portfolioName: cashPortfolioName(body) }),
    (key) =>
      key.startsWith('id:')
        ? state.portfolios.some((p) => `id:${p.id}` === key && p.cash)
        : (newPortfolios.get(key)?.cash ?? false),
    request.source,
    state,
    now,
  );
  for (const { report } of cash) {
    reports.push(report);
    if (report.status === 'error') counts.errors++;
    else if (report.status === 'duplicate') counts.duplicates++;
    else if (report.status === 'skipped') counts.skipped++;
    else counts.imported++;
  }
  return { report: { rows: reports, counts }, rows, newPortfolios, newInstruments, replayed, cash };
}

export interface NewPortfolio {
  name: string;
  kind?: PortfolioKind;
  /** Formue's export: it keeps cash. */
  cash?: boolean;
}

/**
 * Portfolio keys: `id:N` for an existing one, `new:NAME` for one the import creates, which takes
 * the kind its first row names and keeps cash when the request says so (an existing portfolio
 * keeps its own). Cash lines name theirs as rows do.
 */
function portfoliosOf(request: ImportRequestRead, state: ImportState, rows: readonly Row[]) {
  const newPortfolios = new Map<string, NewPortfolio>();
  const target = 'id' in request.target ? `id:${request.target.id}` : `new:${request.target.name}`;
  const created = (name: string): NewPortfolio =>
    request.cashPortfolios.includes(name) ? { name, cash: true } : { name };
  if ('name' in request.target) newPortfolios.set(target, created(request.target.name));
  const keyOf = (row: Pick<Row, 'portfolioName'>): string => {
    const name = row.portfolioName;
    if (name === undefined) return target;
    if ('name' in request.target && request.target.name === name) return target;
    const existing = state.portfolios.find((p) => p.name === name);
    if (existing) return `id:${existing.id}`;
    if (!newPortfolios.has(`new:${name}`)) newPortfolios.set(`new:${name}`, created(name));
    return `new:${name}`;
  };
  const portfolioOf = (row: Pick<Row, 'portfolioName' | 'portfolioKind'>): string => {
    const key = keyOf(row);
    const created = newPortfolios.get(key);
    if (created && !created.kind && row.portfolioKind) created.kind = row.portfolioKind;
    return key;
  };
  // In the order the rows name them, so a round trip creates them in the export's order.
  for (const row of rows) if (!failed(row)) portfolioOf(row);
  return { newPortfolios, portfolioOf };
}

/** Each investment's history with the rows' events, in time order; a refused row is an error. */
function replayRows(rows: Row[], state: ImportState) {
  const byInvestment = new Map<string, Row[]>();
  for (const row of rows) {
    if (!importing(row) || !row.facts || !row.investmentKey) continue;
    const list = byInvestment.get(row.investmentKey);
    if (list) list.push(row);
    else byInvestment.set(row.investmentKey, [row]);
  }
  const replayed = new Map<string, { existing: EventRow[]; events: EventRow[] }>();
  for (const [key, list] of byInvestment) {
    const investmentId = key.startsWith('id:') ? Number(key.slice(3)) : 0;
    const existing = investmentId
      ? state.events.filter((e) => e.investmentId === investmentId)
      : [];
    const rowOf = new Map(list.map((row) => [PENDING_BASE + row.index, row]));
    const pending = list.map((row): EventRow => ({
      ...row.facts!,
      id: PENDING_BASE + row.index,
      investmentId,
    }));
    const { events, refused } = replayAll([...existing, ...pending], {
      adjust: (event, held) => {
        const ratio = rowOf.get(event.id)?.ratio;
        return ratio && event.kind === 'split'
          ? { ...event, sharesAfter: tidy((held * ratio.to) / ratio.from) }
          : event;
      },
    });
    for (const { event, refusal } of refused) {
      const row = rowOf.get(event.id);
      if (row) {
        const errors = refusalErrors(refusal, '', row.day);
        // A split by ratio is refused on its ratio, which is what the row says.
        if (row.ratio && errors.shares_after) errors.split_to = errors.shares_after;
        Object.assign(row.errors, row.ratio ? { split_to: errors.split_to } : errors);
        continue;
      }
      // A row would break a later event the portfolio has: the last row before it says so.
      const before = list.filter((r) => (r.time ?? 0) <= event.time).pop() ?? list[0];
      (before.errors.date ??= []).push(conflictMessage(event, refusal));
    }
    replayed.set(key, { existing, events });
  }
  return replayed;
}

/** Typed prices: of an investment the portfolio has or the import creates with an event. */
function checkPrices(rows: Row[], state: ImportState, created: Map<string, NewInstrument>) {
  const lastOfDay = new Map<string, Row>();
  const withEvents = new Set(
    rows.filter((r) => importing(r) && r.facts).map((r) => r.investmentKey),
  );
  for (const row of rows) {
    if (failed(row) || !row.price || !row.investmentKey || row.day === undefined) continue;
    if (created.has(row.investmentKey) && !withEvents.has(row.investmentKey)) {
      row.errors['instrument.name'] = [
        'The portfolio has no investment of this instrument, and no event of this import creates one.',
      ];
      continue;
    }
    const key = `${row.investmentKey}|${row.day}`;
    const earlier = lastOfDay.get(key);
    if (earlier) {
      earlier.status = 'skipped';
      earlier.warnings.push(`The price on line ${row.line} is for the same day.`);
    }
    lastOfDay.set(key, row);
    const typed = state.prices.find(
      (p) => `id:${p.investmentId}` === row.investmentKey && p.day === row.day,
    );
    if (!typed) continue;
    if (Number(typed.price) === row.price.price && typed.currency === row.price.currency)
      row.status = 'skipped';
    else row.warnings.push(`Replaces the typed price ${typed.price} ${typed.currency}.`);
  }
}
