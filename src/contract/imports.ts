// A broker import, written once for both backends: each row read with the event calls' rules,
// its instrument matched to an investment of its portfolio, duplicates found, and every
// investment's history replayed with the new rows; then, on commit, all of it written in one
// transaction or nothing.
import { normaliseIdentifier } from '../domain/isin';
import { tidy } from '../domain/ledger';
import { CURRENCIES } from '../domain/market';
import { MONEY_DECIMALS, SHARE_DECIMALS } from '../domain/numbers';
import { INSTRUMENT_TYPES, type InstrumentType } from '../domain/types';
import {
  IMPORT_KINDS,
  IMPORT_SOURCES,
  type ImportBatch,
  type ImportCounts,
  type ImportReport,
  type ImportRowReport,
  type ImportSource,
} from '../domain/import/rows';
import { identifierErrors, readers } from './events';
import { conflictMessage, dayOf, keepReplayed, refusalErrors, replayAll } from './history';
import type { Accepted, Refused } from './market';
import type {
  EventFacts,
  EventRow,
  ImportBatchRow,
  InvestmentRow,
  ManualPriceRow,
  PortfolioRow,
  Store,
} from './store';
import { isRecord, Validator, type Errors } from './validation';

/** A file of 20,000 rows is about ten years of an active trader: more is split in two. */
export const MAX_IMPORT_ROWS = 20_000;
/** What the transports accept as the body of POST /api/v1/imports. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const IMPORT_TOO_LARGE = 'The import may be at most 10 MB.';

/** Rows read between two pauses of a plan, so other requests are answered while it runs. */
const PLAN_SLICE = 500;

/** Above every id a store gives: the ids rows have in a replay, by their place in the file. */
const PENDING_BASE = 2 ** 52;

/** The request, read: where the rows go and the rows as sent. */
export interface ImportRequestRead {
  target: { id: number } | { name: string };
  source: ImportSource;
  fileName: string | null;
  account: string | null;
  rows: unknown[];
}

/** The request's own fields, Laravel rules; undefined with `v` holding the errors. */
export function readImportRequest(
  v: Validator,
  portfolios: readonly PortfolioRow[],
): ImportRequestRead | undefined {
  const hasId = v.input('portfolio_id') != null;
  const hasName = v.input('portfolio_name') != null;
  let target: ImportRequestRead['target'] | undefined;
  if (hasId && hasName)
    v.add('portfolio_name', 'The portfolio name field prohibits portfolio id from being present.');
  else if (hasName) {
    const name = v.name('portfolio_name');
    if (name !== undefined) target = { name };
  } else if (!hasId)
    v.add('portfolio_id', 'The portfolio id field is required when portfolio name is not present.');
  else {
    const id = v.id('portfolio_id');
    if (id !== undefined && !portfolios.some((p) => p.id === id))
      v.add('portfolio_id', 'The selected portfolio id is invalid.');
    else if (id !== undefined) target = { id };
  }
  const source = v.oneOf('source', IMPORT_SOURCES);
  const fileName = v.input('file_name') == null ? null : v.text('file_name');
  const account = v.input('account') == null ? null : v.text('account', 255);
  const rows = v.input('rows');
  if (rows == null || (Array.isArray(rows) && rows.length === 0))
    v.add('rows', 'The rows field is required.');
  else if (!Array.isArray(rows)) v.add('rows', 'The rows field must be an array.');
  else if (rows.length > MAX_IMPORT_ROWS)
    v.add('rows', `The rows field must not have more than ${MAX_IMPORT_ROWS} items.`);
  if (
    v.failed ||
    !target ||
    !source ||
    fileName === undefined ||
    account === undefined ||
    !Array.isArray(rows)
  )
    return undefined;
  return { target, source, fileName, account, rows: rows as unknown[] };
}

/** A row read on its own: its facts, or its errors. */
interface Row {
  index: number;
  line: number;
  report: ImportRowReport;
  errors: Errors;
  warnings: string[];
  kind?: (typeof IMPORT_KINDS)[number];
  time?: number;
  day?: string;
  facts?: EventFacts;
  price?: { price: number; currency: string };
  ratio?: { from: number; to: number };
  instrument: { isin?: string; symbol?: string; name?: string; type: InstrumentType };
  portfolioName?: string;
  externalId?: string;
  force: boolean;
  /** The user's match: an investment's id, `new` for a new investment, else matched here. */
  chosen?: number | 'new';
  /** Where it goes, once matched. */
  portfolioKey?: string;
  investmentKey?: string;
  status?: ImportRowReport['status'];
}

const optionalText = (v: Validator, key: string, max: number) =>
  v.input(key) == null ? undefined : v.text(key, max);

function readRow(raw: unknown, index: number, now: number): Row {
  const body = isRecord(raw) ? raw : {};
  const line =
    typeof body.line === 'number' && Number.isSafeInteger(body.line) ? body.line : index + 1;
  // A split given as a ratio: shares after are known once the holding of its day is.
  const byRatio = body.kind === 'split' && body.shares_after == null;
  const v = new Validator(byRatio ? { ...body, shares_after: 1 } : body);
  if (!isRecord(raw)) v.add('row', 'The row must be an object.');
  const kind = v.oneOf('kind', IMPORT_KINDS);
  let time: number | undefined;
  if (v.input('date') == null) v.add('date', 'The date field is required.');
  else time = v.eventTime('date', now);
  const name = v.name('instrument.name');
  const type =
    v.input('instrument.type') == null ? 'stock' : v.oneOf('instrument.type', INSTRUMENT_TYPES);
  const isin = optionalText(v, 'instrument.isin', 32);
  const symbol = optionalText(v, 'instrument.symbol', 64);
  const portfolioName = v.input('portfolio') == null ? undefined : v.name('portfolio');
  const externalId = optionalText(v, 'external_id', 255);
  const force = v.boolean('force') ?? false;
  let chosen: Row['chosen'];
  if (isRecord(raw) && 'investment_id' in raw)
    chosen = raw.investment_id === null ? 'new' : v.id('investment_id');
  let facts: EventFacts | undefined;
  let price: Row['price'];
  let ratio: Row['ratio'];
  if (kind === 'price') {
    const value = v.number('share_price', { greaterThan: 0, decimals: MONEY_DECIMALS });
    const currency = v.oneOf('currency_code', CURRENCIES);
    if (value !== undefined && currency) price = { price: value, currency };
  } else if (kind) {
    facts = readers[kind].row(v.body, time ?? now, v);
    if (byRatio) {
      const from = v.number('split_from', { greaterThan: 0, decimals: SHARE_DECIMALS });
      const to = v.number('split_to', { greaterThan: 0, decimals: SHARE_DECIMALS });
      if (from !== undefined && to !== undefined) ratio = { from, to };
    }
  }
  return {
    index,
    line,
    report: { line, status: 'ok', errors: {}, warnings: [] },
    errors: v.errors,
    warnings: [],
    kind,
    time,
    day: typeof body.date === 'string' ? body.date.trim() : undefined,
    facts,
    price,
    ratio,
    instrument: {
      isin: isin && normaliseIdentifier(isin),
      symbol,
      name,
      type: type ?? 'stock',
    },
    portfolioName,
    externalId,
    force,
    chosen,
  };
}

const failed = (row: Row) => Object.keys(row.errors).length > 0;

/** What the store holds that an import is checked against, read once. */
export interface ImportState {
  portfolios: PortfolioRow[];
  investments: InvestmentRow[];
  events: EventRow[];
  prices: ManualPriceRow[];
  externalIds: { portfolioId: number; source: string; externalId: string }[];
}

export async function readImportState(store: Store, userId: number): Promise<ImportState> {
  const portfolios = await store.portfolios(userId);
  const investments = await store.investments(userId);
  const ids = investments.map((i) => i.id);
  return {
    portfolios,
    investments,
    events: await store.events(ids),
    prices: await store.manualPrices(ids),
    externalIds: await store.externalIds(portfolios.map((p) => p.id)),
  };
}

/**
 * Whether what a plan was checked against is as it was: the portfolios, and the investments with
 * their versions (which change with their events and typed prices).
 */
export async function sameState(store: Store, userId: number, state: ImportState) {
  const key = (portfolios: PortfolioRow[], investments: InvestmentRow[]) =>
    JSON.stringify([
      portfolios.map((p) => [p.id, p.name]),
      investments.map((i) => [i.id, i.portfolioId, i.name, i.type, i.code, i.listing, i.version]),
    ]);
  return (
    key(await store.portfolios(userId), await store.investments(userId)) ===
    key(state.portfolios, state.investments)
  );
}

/** An instrument the import creates: the investment's row, once its portfolio has an id. */
interface NewInstrument {
  key: string;
  portfolioKey: string;
  type: InstrumentType;
  code: string;
  name: string;
  symbol?: string;
  accepted?: Accepted;
}

/** The plan of an import: the report, and what a commit writes. */
export interface ImportPlan {
  report: ImportReport;
  rows: Row[];
  newPortfolios: Map<string, string>;
  newInstruments: Map<string, NewInstrument>;
  /** Replayed histories by investment key: the rows' events with their from_shares. */
  replayed: Map<string, { existing: EventRow[]; events: EventRow[] }>;
}

const symbolOf = (listing: string | null) => listing?.slice(listing.indexOf(':') + 1);

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
  return { report: { rows: reports, counts }, rows, newPortfolios, newInstruments, replayed };
}

/** Portfolio keys: `id:N` for an existing one, `new:NAME` for one the import creates. */
function portfoliosOf(request: ImportRequestRead, state: ImportState, rows: readonly Row[]) {
  const newPortfolios = new Map<string, string>();
  const target = 'id' in request.target ? `id:${request.target.id}` : `new:${request.target.name}`;
  if ('name' in request.target) newPortfolios.set(target, request.target.name);
  const portfolioOf = (row: Row): string => {
    const name = row.portfolioName;
    if (name === undefined) return target;
    if ('name' in request.target && request.target.name === name) return target;
    const existing = state.portfolios.find((p) => p.name === name);
    if (existing) return `id:${existing.id}`;
    newPortfolios.set(`new:${name}`, name);
    return `new:${name}`;
  };
  // In the order the rows name them, so a round trip creates them in the export's order.
  for (const row of rows) if (!failed(row)) portfolioOf(row);
  return { newPortfolios, portfolioOf };
}

/** The identifiers the rows would create investments of, as `type:code`, to ask the market. */
export function identifiersToResolve(
  request: ImportRequestRead,
): { type: InstrumentType; code: string }[] {
  const wanted = new Map<string, { type: InstrumentType; code: string }>();
  for (const row of request.rows) {
    if (!isRecord(row) || !isRecord(row.instrument)) continue;
    // Booked onto an investment the user chose: nothing to create.
    if (typeof row.investment_id === 'number') continue;
    const type = row.instrument.type === 'crypto' ? 'crypto' : 'stock';
    const raw = row.instrument.isin ?? (type === 'crypto' ? row.instrument.symbol : undefined);
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const code = normaliseIdentifier(raw);
    wanted.set(`${type}:${code}`, { type, code });
  }
  return [...wanted.values()];
}

/** By ISIN (the code), then symbol, then exact name; else a new investment of the row's type. */
function matchInstruments(
  rows: Row[],
  state: ImportState,
  created: Map<string, NewInstrument>,
  resolved: ReadonlyMap<string, Accepted | Refused>,
) {
  const inPortfolio = (key: string) =>
    state.investments.filter((i) => `id:${i.portfolioId}` === key);
  const find = (row: Row): string | undefined => {
    const { isin, symbol, name, type } = row.instrument;
    const held = inPortfolio(row.portfolioKey!);
    if (typeof row.chosen === 'number') {
      const chosen = held.find((i) => i.id === row.chosen && i.type === type);
      if (chosen) return `id:${chosen.id}`;
      row.errors.investment_id = ['The selected investment id is invalid.'];
      return undefined;
    }
    const fresh = [...created.values()].filter((n) => n.portfolioKey === row.portfolioKey);
    const upper = symbol?.toUpperCase();
    // "New investment": one this import creates, never one the portfolio has.
    const existing =
      row.chosen !== 'new' &&
      ((isin && held.find((i) => i.code === isin)) ||
        (upper &&
          held.find((i) => i.code === upper || symbolOf(i.listing)?.toUpperCase() === upper)) ||
        (name !== undefined && held.find((i) => i.name === name)));
    if (existing) return `id:${existing.id}`;
    const made =
      (isin && fresh.find((n) => n.code === isin)) ||
      (upper && fresh.find((n) => n.code === upper || n.symbol?.toUpperCase() === upper)) ||
      (name !== undefined && fresh.find((n) => n.name === name));
    return made ? made.key : undefined;
  };
  // Rows naming an identifier first, so rows with a name only find what they create.
  const ordered = [
    ...rows.filter((r) => r.instrument.isin !== undefined),
    ...rows.filter((r) => r.instrument.isin === undefined),
  ];
  for (const row of ordered) {
    if (failed(row)) continue;
    const found = find(row);
    if (found) {
      row.investmentKey = found;
      continue;
    }
    if (failed(row)) continue;
    const { type, name = '' } = row.instrument;
    const code = row.instrument.isin ?? (type === 'crypto' ? row.instrument.symbol : undefined);
    if (code === undefined) {
      row.errors['instrument.isin'] = ['The instrument.isin field is required.'];
      continue;
    }
    const normalised = normaliseIdentifier(code);
    const answer = resolved.get(`${type}:${normalised}`);
    if (!answer || 'refusal' in answer) {
      row.errors['instrument.isin'] = identifierErrors(
        type,
        answer && 'refusal' in answer ? answer.refusal : 'The instrument could not be checked.',
      );
      continue;
    }
    const key = `new:${row.portfolioKey}:${type}:${answer.code}`;
    if (!created.has(key))
      created.set(key, {
        key,
        portfolioKey: row.portfolioKey!,
        type,
        code: answer.code,
        name,
        symbol: row.instrument.symbol,
        accepted: answer,
      });
    row.investmentKey = key;
  }
  // The new investments in the order of their first rows, as the file lists them.
  const firstLine = new Map<string, number>();
  for (const row of rows)
    if (row.investmentKey && !firstLine.has(row.investmentKey))
      firstLine.set(row.investmentKey, row.index);
  const sorted = [...created.values()].sort(
    (a, b) => (firstLine.get(a.key) ?? 0) - (firstLine.get(b.key) ?? 0),
  );
  created.clear();
  for (const instrument of sorted) created.set(instrument.key, instrument);
}

/** What makes two events the same trade: day, kind, instrument, shares, price, amount. */
function fingerprint(instrument: string, day: string, facts: EventFacts): string {
  switch (facts.kind) {
    case 'buy':
    case 'sell':
      return `${instrument}|${day}|${facts.kind}|${facts.shares}|${facts.price}`;
    case 'dividend':
      return `${instrument}|${day}|dividend|${facts.amount}`;
    case 'split':
      return `${instrument}|${day}|split|${facts.sharesAfter}`;
  }
}

/**
 * Duplicates are looked for in all the user's portfolios, as the same file imported into another
 * portfolio is still the same trades. The broker's id decides where the row has one; without
 * one, the n-th row of a fingerprint (the instrument, not the investment) in the file is a
 * duplicate when the user already has n events of it, so two real identical fills both import
 * and the same file again is all duplicates.
 */
function markDuplicates(
  rows: Row[],
  source: string,
  state: ImportState,
  created: ReadonlyMap<string, NewInstrument>,
) {
  const known = new Set(state.externalIds.map((e) => `${e.source}|${e.externalId}`));
  const instrumentOf = new Map<string, string>();
  for (const i of state.investments) instrumentOf.set(`id:${i.id}`, `${i.type}:${i.code}`);
  for (const n of created.values()) instrumentOf.set(n.key, `${n.type}:${n.code}`);
  const existing = new Map<string, number>();
  for (const event of state.events) {
    const instrument = instrumentOf.get(`id:${event.investmentId}`)!;
    const key = fingerprint(instrument, dayOf(event.time), event);
    existing.set(key, (existing.get(key) ?? 0) + 1);
  }
  const seenIds = new Map<string, number>();
  const occurrences = new Map<string, number>();
  for (const row of rows) {
    if (failed(row) || !row.facts || !row.investmentKey || row.day === undefined) continue;
    const print = fingerprint(instrumentOf.get(row.investmentKey)!, row.day, row.facts);
    if (row.externalId !== undefined) {
      const key = `${row.portfolioKey}|${source}|${row.externalId}`;
      const earlier = seenIds.get(key);
      if (earlier !== undefined) {
        row.errors.external_id = [`The external id is the same as on line ${earlier}.`];
        continue;
      }
      seenIds.set(key, row.line);
      if (known.has(`${source}|${row.externalId}`)) {
        if (!row.force) row.status = 'duplicate';
        else {
          // Its id stays with the event imported before; this one is imported without it.
          row.externalId = undefined;
          row.warnings.push('Imported again although the portfolio has this row already.');
        }
      } else if ((existing.get(print) ?? 0) > 0)
        row.warnings.push('The portfolio has an event of this day with the same figures.');
      continue;
    }
    const nth = (occurrences.get(print) ?? 0) + 1;
    occurrences.set(print, nth);
    if (nth <= (existing.get(print) ?? 0)) {
      if (!row.force) row.status = 'duplicate';
      else row.warnings.push('Imported again although the portfolio has this row already.');
    }
  }
}

const importing = (row: Row) => !failed(row) && row.status === undefined;

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

/** 422's message of a commit refused: nothing was written. */
export function refusedMessage(report: ImportReport): string {
  const n = report.counts.errors;
  if (n === 0) return 'No row is new. Nothing was imported.';
  return `${n} ${n === 1 ? 'row has errors' : 'rows have errors'}. Nothing was imported.`;
}

/**
 * Writes the plan in the store it is given (the transaction's): portfolios, investments,
 * events in the file's order, typed prices, and the batch. The plan has no error rows.
 */
export async function commitImport(
  store: Store,
  plan: ImportPlan,
  request: ImportRequestRead,
  userId: number,
  now: number,
): Promise<{ batch: ImportBatchRow; events: number }> {
  const portfolioIds = new Map<string, number>();
  for (const portfolio of (await store.portfolios(userId)).values())
    portfolioIds.set(`id:${portfolio.id}`, portfolio.id);
  const createdPortfolios: number[] = [];
  for (const [key, name] of plan.newPortfolios) {
    const row = await store.createPortfolio({ userId, name });
    portfolioIds.set(key, row.id);
    createdPortfolios.push(row.id);
  }
  const targetKey =
    'id' in request.target ? `id:${request.target.id}` : `new:${request.target.name}`;
  const batch = await store.createImport({
    userId,
    portfolioId: portfolioIds.get(targetKey)!,
    source: request.source,
    fileName: request.fileName,
    account: request.account,
    createdAt: now,
    counts: plan.report.counts,
    created: { portfolios: createdPortfolios, investments: [] },
  });

  // The rows' events as replayed (a split's from_shares and shares after from a ratio).
  const replayedOf = new Map<number, EventRow>();
  for (const { events } of plan.replayed.values())
    for (const event of events) if (event.id >= PENDING_BASE) replayedOf.set(event.id, event);
  const investmentIds = new Map<string, number>();
  const createdInvestments: number[] = [];
  let waiting: EventRow[] = [];
  let written = 0;
  const flush = async () => {
    await store.addEvents(waiting);
    waiting = [];
  };
  for (const row of plan.rows) {
    if (!importing(row) || !row.facts || !row.investmentKey) continue;
    const portfolioId = portfolioIds.get(row.portfolioKey!)!;
    const replayed = replayedOf.get(PENDING_BASE + row.index)!;
    const { id: _pending, investmentId: _none, ...facts } = replayed;
    const event: EventFacts = {
      ...facts,
      origin: {
        batchId: batch.id,
        source: request.source,
        portfolioId,
        ...(row.externalId !== undefined && { externalId: row.externalId }),
      },
    };
    written++;
    const known = row.investmentKey.startsWith('id:')
      ? Number(row.investmentKey.slice(3))
      : investmentIds.get(row.investmentKey);
    if (known !== undefined) {
      waiting.push({ ...event, id: 0, investmentId: known });
      continue;
    }
    // Events keep the file's order: those before it are written before the investment is.
    await flush();
    const instrument = plan.newInstruments.get(row.investmentKey)!;
    const created = await store.createInvestment(
      {
        userId,
        portfolioId,
        name: instrument.name,
        type: instrument.type,
        code: instrument.code,
        listing: instrument.accepted?.listing ?? null,
      },
      event,
    );
    investmentIds.set(row.investmentKey, created.id);
    createdInvestments.push(created.id);
  }
  await flush();
  for (const [key, { existing, events }] of plan.replayed)
    if (key.startsWith('id:')) await keepReplayed(store, existing, events);
  for (const row of plan.rows) {
    if (!importing(row) || !row.price || !row.investmentKey || row.day === undefined) continue;
    const investmentId = row.investmentKey.startsWith('id:')
      ? Number(row.investmentKey.slice(3))
      : investmentIds.get(row.investmentKey)!;
    await store.saveManualPrice({
      investmentId,
      day: row.day,
      price: String(row.price.price),
      currency: row.price.currency,
    });
  }
  const created = { portfolios: createdPortfolios, investments: createdInvestments };
  await store.setImportCreated(batch.id, created);
  return { batch: { ...batch, created }, events: written };
}

/**
 * Batches as answered: the portfolio each filled by its name now, and the portfolios its undo
 * removes with it, those it created that hold nothing but its events (see the undo route).
 */
export async function batchesOf(
  store: Store,
  userId: number,
  rows: readonly (ImportBatchRow & { events: number })[],
): Promise<ImportBatch[]> {
  const portfolios = await store.portfolios(userId);
  const investments = await store.investments(userId);
  const createdIn = new Set(rows.flatMap((row) => row.created.portfolios));
  const events = await store.events(
    investments.filter((i) => createdIn.has(i.portfolioId)).map((i) => i.id),
  );
  const onlyOf = (batch: ImportBatchRow, portfolioId: number) =>
    investments
      .filter((i) => i.portfolioId === portfolioId)
      .every(
        (i) =>
          batch.created.investments.includes(i.id) &&
          events.every((e) => e.investmentId !== i.id || e.origin?.batchId === batch.id),
      );
  const nameOf = (id: number) => portfolios.find((p) => p.id === id)?.name;
  return rows.map((row) => ({
    id: row.id,
    portfolio_id: row.portfolioId,
    portfolio_name: nameOf(row.portfolioId) ?? null,
    source: row.source as ImportSource,
    file_name: row.fileName,
    account: row.account,
    created_at: new Date(row.createdAt).toISOString(),
    events: row.events,
    counts: row.counts,
    removes_portfolios: row.created.portfolios
      .filter((id) => nameOf(id) !== undefined && onlyOf(row, id))
      .map((id) => nameOf(id)!),
  }));
}

/** The listings of new investments, to have their prices loaded after a commit. */
export function newListings(plan: ImportPlan): { listing: string; since: string }[] {
  const firstDay = new Map<string, string>();
  for (const row of plan.rows)
    if (row.investmentKey && row.day && !firstDay.has(row.investmentKey))
      firstDay.set(row.investmentKey, row.day);
  return [...plan.newInstruments.values()].flatMap((n) =>
    n.accepted?.listing ? [{ listing: n.accepted.listing, since: firstDay.get(n.key) ?? '' }] : [],
  );
}
