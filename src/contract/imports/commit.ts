// A plan written in one transaction, batches as answered, and what a commit leaves to load.
import type { ImportBatch, ImportReport, ImportSource } from '../../domain/import/rows';
import { keepReplayed } from '../history';
import type {
  CashStore,
  EventFacts,
  EventRow,
  ImportBatchRow,
  ImportStore,
  LedgerStore,
  ManualPriceStore,
  TaxStore,
} from '../store';
import { PENDING_BASE, type ImportPlan } from './plan';
import { importing, type ImportRequestRead } from './request';

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
  store: LedgerStore & ImportStore & ManualPriceStore & CashStore & TaxStore,
  plan: ImportPlan,
  request: ImportRequestRead,
  userId: number,
  now: number,
): Promise<{ batch: ImportBatchRow; events: number }> {
  const portfolioIds = new Map<string, number>();
  for (const portfolio of (await store.portfolios(userId)).values())
    portfolioIds.set(`id:${portfolio.id}`, portfolio.id);
  const createdPortfolios: number[] = [];
  for (const [key, { name, kind, cash }] of plan.newPortfolios) {
    const row = await store.createPortfolio({ userId, name, ...(kind && { kind }) });
    if (cash) await store.setCash(row.id, true);
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
    // Formue's export: the user's class of the investment goes with it.
    if (row.taxClass) await store.setTaxClass(userId, created.id, row.taxClass);
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
  const cash = plan.cash.flatMap(({ draft, portfolioKey }) =>
    draft ? [{ ...draft, portfolioId: portfolioIds.get(portfolioKey)! }] : [],
  );
  if (cash.length > 0) {
    await store.addCashEvents(
      cash.map(({ externalId, ...draft }) => ({
        ...draft,
        origin: {
          batchId: batch.id,
          source: request.source,
          ...(externalId !== undefined && { externalId }),
        },
      })),
    );
  }
  const created = { portfolios: createdPortfolios, investments: createdInvestments };
  await store.setImportCreated(batch.id, created);
  return { batch: { ...batch, created }, events: written + cash.length };
}

/**
 * Batches as answered: the portfolio each filled by its name now, and the portfolios its undo
 * removes with it, those it created that hold nothing but its events (see the undo route).
 */
export async function batchesOf(
  store: LedgerStore,
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
