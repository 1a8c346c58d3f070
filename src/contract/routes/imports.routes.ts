// Broker imports (dry run, commit, history, undo) and the export of everything a user has.
import { toFormueCsv } from '../../domain/import/formue';
import type { FormueExport } from '../../domain/import/rows';
import {
  dryRun,
  json,
  noContent,
  notFound,
  text,
  unprocessable,
  type Answer,
  type Call,
  type Route,
} from '../answers';
import { conflictMessage, keepReplayed, replayHistory } from '../history';
import { utcDay } from '../../market/zoned-time';
import {
  batchesOf,
  commitImport,
  identifiersToResolve,
  IMPORT_TOO_LARGE,
  MAX_IMPORT_BYTES,
  newListings,
  planImport,
  readImportRequest,
  readImportState,
  refusedMessage,
  sameState,
  type ImportRequestRead,
} from '../imports';
import type { Accepted, Refused } from '../market/market';
import { DEFAULT_BENCHMARK, firstTradeOf, resolveBenchmark } from '../benchmark';
import type { InstrumentType } from '../../domain/types';
import type { EventRow, ImportStore, LedgerStore, TaxClassRow } from '../store';
import { Validator } from '../validation';
import { tooManyAttempts } from './auth.routes';

/** Imports a user may send, dry runs and commits together, in a window: each plans its rows. */
export const IMPORT_CALLS = 60;
const IMPORT_WINDOW_MS = 10 * 60_000;

/**
 * The market's answer for each identifier the rows name, asked before any transaction; one the
 * user holds already is accepted as that investment has it, without asking a provider.
 */
async function resolveAll(call: Call, request: ImportRequestRead) {
  const held = await call.store.investments(call.userId);
  const resolved = new Map<string, Accepted | Refused>();
  for (const { type, code } of identifiersToResolve(request)) {
    const known = held.find((i) => i.type === type && i.code === code);
    resolved.set(
      `${type}:${code}`,
      known
        ? { code, listing: known.listing, listings: [] }
        : await call.market.resolve(type, code),
    );
  }
  return resolved;
}

/**
 * Formue's export's benchmark, for an account that has not chosen one (none kept, or the default
 * kept); one the market does not know is left out, as the import's other rows stand.
 */
async function takeBenchmark(call: Call, { type, code }: { type: InstrumentType; code: string }) {
  const kept = await call.store.benchmark(call.userId);
  const chosen =
    kept && (kept.type !== DEFAULT_BENCHMARK.type || kept.code !== DEFAULT_BENCHMARK.code);
  if (chosen) return;
  const resolved = await resolveBenchmark(call, type, code, await firstTradeOf(call));
  if (!('refusal' in resolved)) await call.store.saveBenchmark(call.userId, resolved);
}

const postImport: Route = {
  method: 'POST',
  path: '/api/v1/imports',
  access: 'auth',
  maxBody: { bytes: MAX_IMPORT_BYTES, message: IMPORT_TOO_LARGE },
  handle: async (call) => {
    const attempt = await call.store.hitAttempt(
      `imports|${call.userId}`,
      call.now,
      IMPORT_WINDOW_MS,
    );
    if (attempt.count > IMPORT_CALLS)
      return tooManyAttempts(attempt.resetAt, call.now, IMPORT_CALLS);
    const v = new Validator(call.body);
    const portfolios = await call.store.portfolios(call.userId);
    const request = readImportRequest(v, portfolios);
    if (!request) return unprocessable(v);
    const resolved = await resolveAll(call, request);
    // Planned in slices before any transaction (SQLite's one connection is held during one), so
    // other requests are answered meanwhile.
    const state = await readImportState(call.store, call.userId);
    const planned = await planImport(request, state, call.now, resolved, call.pause);
    if (dryRun(call.request)) return json(200, planned.report);
    // Checked again and written as one step: no other write to these portfolios comes between.
    const outcome = await call.store.transaction(
      portfolios.map((p) => p.id),
      async (store) => {
        const plan = (await sameState(store, call.userId, state))
          ? planned
          : await planImport(
              request,
              await readImportState(store, call.userId),
              call.now,
              resolved,
              call.pause,
            );
        const { counts } = plan.report;
        if (counts.errors > 0 || counts.imported === 0) return { refused: plan.report };
        return { plan, ...(await commitImport(store, plan, request, call.userId, call.now)) };
      },
    );
    if (outcome.refused)
      return json(422, { message: refusedMessage(outcome.refused), ...outcome.refused });
    call.saved();
    // Prices of new listings from their first day, as creating an investment loads them.
    for (const { listing, since } of newListings(outcome.plan))
      await call.market.held(listing, since);
    if (request.benchmark) await takeBenchmark(call, request.benchmark);
    const [batch] = await batchesOf(call.store, call.userId, [
      { ...outcome.batch, events: outcome.events },
    ]);
    return json(201, { data: batch });
  },
};

const listImports: Route = {
  method: 'GET',
  path: '/api/v1/imports',
  access: 'auth',
  handle: async (call) => {
    const batches = await call.store.imports(call.userId);
    return json(200, {
      imports: await batchesOf(
        call.store,
        call.userId,
        batches.sort((a, b) => b.id - a.id),
      ),
    });
  },
};

/** Why an undo is refused: events of the batch corrected since, or a later event it holds up. */
type Refusal = { message: string; event_ids: number[] };

async function undo(
  store: LedgerStore & ImportStore,
  batchId: number,
): Promise<Refusal | undefined> {
  const events = await store.importEvents(batchId);
  const edited = events.filter((e) => e.edited).map((e) => e.id);
  if (edited.length > 0) {
    const n = edited.length;
    return {
      message: `${n} ${n === 1 ? 'event of this import was' : 'events of this import were'} edited since it was imported. Nothing was undone.`,
      event_ids: edited,
    };
  }
  const ours = new Set(events.map((e) => e.id));
  const investmentIds = [...new Set(events.map((e) => e.investmentId))];
  const before = await store.events(investmentIds);
  const kept: { existing: EventRow[]; events: EventRow[] }[] = [];
  for (const id of investmentIds) {
    const existing = before.filter((e) => e.investmentId === id);
    const verdict = replayHistory(existing.filter((e) => !ours.has(e.id)));
    if (!verdict.ok)
      return {
        message: `${conflictMessage(verdict.event, verdict.refusal)} Nothing was undone.`,
        event_ids: [verdict.event.id],
      };
    kept.push({ existing, events: verdict.events });
  }
  await store.deleteImport(batchId);
  for (const { existing, events: replayed } of kept) await keepReplayed(store, existing, replayed);
  return undefined;
}

const undoImport: Route = {
  method: 'DELETE',
  path: '/api/v1/imports/{id}',
  access: 'auth',
  handle: async (call) => {
    const id = call.id();
    const batch = (await call.store.imports(call.userId)).find((b) => b.id === id);
    if (!batch) return notFound('Import', call.rawId);
    const portfolios = (await call.store.portfolios(call.userId)).map((p) => p.id);
    const refusal = await call.store.transaction(portfolios, async (store) => {
      const refused = await undo(store, batch.id);
      if (refused) return refused;
      // What the batch created goes too, when nothing else is in it now.
      const investments = await store.investments(call.userId);
      for (const investmentId of batch.created.investments) {
        const left = await store.events([investmentId]);
        if (left.length === 0 && investments.some((i) => i.id === investmentId))
          await store.deleteInvestment(investmentId);
      }
      const remaining = await store.investments(call.userId);
      for (const portfolioId of batch.created.portfolios)
        if (!remaining.some((i) => i.portfolioId === portfolioId))
          await store.deletePortfolio(portfolioId);
      return undefined;
    });
    return refusal ? json(409, refusal) : noContent();
  },
};

/** Everything the user has, as entered, in id order: the same content every time. */
/** The user's override of an investment's tax class as exported; null without one. */
function taxClassOf(row: TaxClassRow | undefined) {
  return row ? { taxation: row.taxation, income: row.income, reason: row.reason } : null;
}

async function exportOf(call: Call): Promise<FormueExport> {
  const portfolios = await call.store.portfolios(call.userId);
  const investments = await call.store.investments(call.userId);
  const ids = investments.map((i) => i.id);
  const events = await call.store.events(ids);
  const prices = await call.store.manualPrices(ids);
  const classes = new Map(
    (await call.store.taxClasses(call.userId)).map((c) => [c.investmentId, c]),
  );
  const benchmark = await call.store.benchmark(call.userId);
  const byId = <T extends { id: number }>(rows: readonly T[]) =>
    [...rows].sort((a, b) => a.id - b.id);
  return {
    formue: {
      format: 'formue-export',
      version: 1,
      exported_at: new Date(call.now).toISOString(),
    },
    portfolios: byId(portfolios).map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind ?? 'free',
      cash: p.cash ?? false,
    })),
    investments: byId(investments).map((i) => ({
      id: i.id,
      portfolio_id: i.portfolioId,
      name: i.name,
      type: i.type,
      isin: i.code,
      listing: i.listing,
      tax_class: taxClassOf(classes.get(i.id)),
    })),
    events: byId(events).map(exportedEvent),
    // Typed prices have no id of their own: their place in investment and day order.
    prices: [...prices]
      .sort((a, b) => a.investmentId - b.investmentId || a.day.localeCompare(b.day))
      .map((p, index) => ({
        id: index + 1,
        investment_id: p.investmentId,
        date: p.day,
        price: Number(p.price),
        currency_code: p.currency,
      })),
    cash: byId(await call.store.cashEvents(portfolios.map((p) => p.id))).map((e) => ({
      id: e.id,
      portfolio_id: e.portfolioId,
      type: e.kind,
      amount: e.amount,
      currency_code: e.currency,
      date: utcDay(e.time),
    })),
    benchmark: benchmark ? { type: benchmark.type, isin: benchmark.code } : null,
  };
}

function exportedEvent(event: EventRow): FormueExport['events'][number] {
  const common = {
    id: event.id,
    investment_id: event.investmentId,
    date: utcDay(event.time),
    currency_code: event.currency,
    ...(event.exchangeRate !== undefined && { exchange_rate: event.exchangeRate }),
  };
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return {
        ...common,
        kind: event.kind,
        shares: event.shares,
        share_price: event.price,
        fee: event.fee,
      };
    case 'dividend':
      return {
        ...common,
        kind: 'dividend',
        amount: event.amount,
        ...(event.withholdingTax !== undefined && { withholding_tax: event.withholdingTax }),
      };
    case 'split':
      return {
        ...common,
        kind: 'split',
        shares_after: event.sharesAfter,
        fee: event.fee,
        sold_shares: event.soldShares,
        sold_share_price: event.soldPrice,
        hide: event.hide,
      };
  }
}

const exportData: Route = {
  method: 'GET',
  path: '/api/v1/export',
  access: 'auth',
  handle: async (call): Promise<Answer> => {
    const format = call.request.query.format ?? 'json';
    if (format !== 'json' && format !== 'csv') {
      const v = new Validator({});
      v.add('format', 'The selected format is invalid.');
      return unprocessable(v);
    }
    const data = await exportOf(call);
    const attachment = {
      'Content-Disposition': `attachment; filename="formue-export-${utcDay(call.now)}.${format}"`,
    };
    return format === 'csv'
      ? text(200, toFormueCsv(data), {
          'Content-Type': 'text/csv; charset=utf-8',
          ...attachment,
        })
      : json(200, data, attachment);
  },
};

export function importRoutes(): Route[] {
  return [postImport, listImports, undoImport, exportData];
}
