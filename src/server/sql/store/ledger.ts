// Portfolios, investments and their events over SQL. The database's triggers raise an
// investment's version with every write of its events.
import type { Selectable } from 'kysely';
import type {
  EventDraft,
  EventFacts,
  EventRow,
  InvestmentRow,
  LedgerStore,
  NewInvestment,
  PortfolioRow,
} from '../../../contract/store';
import type { EventsTable, InvestmentsTable, PortfoliosTable } from '../schema';
import { IN_LIST_CHUNK, type SqlContext } from './context';
import { toEvent, toEventColumns } from './event-rows';

/** Events per insert: 20 columns each stays far below SQLite's 32,766 bound parameters. */
const EVENT_CHUNK = 500;

export function sqlLedger(ctx: SqlContext): LedgerStore {
  return {
    async portfolios(userId: number): Promise<PortfolioRow[]> {
      const rows = await ctx.db
        .selectFrom('portfolios')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map(toPortfolio);
    },

    async createPortfolio(portfolio: Omit<PortfolioRow, 'id'>): Promise<PortfolioRow> {
      const row = await ctx.write((db) =>
        db
          .insertInto('portfolios')
          .values({ user_id: portfolio.userId, name: portfolio.name, kind: portfolio.kind })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return toPortfolio(row);
    },

    async renamePortfolio(id: number, name: string): Promise<void> {
      await ctx.write((db) =>
        db.updateTable('portfolios').set({ name }).where('id', '=', id).execute(),
      );
    },

    async investments(userId: number): Promise<InvestmentRow[]> {
      const rows = await ctx.db
        .selectFrom('investments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map(toInvestment);
    },

    async investmentVersion(id: number): Promise<number | undefined> {
      const row = await ctx.db
        .selectFrom('investments')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.version;
    },

    createInvestment(investment: NewInvestment, first: EventFacts): Promise<InvestmentRow> {
      return ctx.write(async (db) => {
        const row = await db
          .insertInto('investments')
          .values({
            user_id: investment.userId,
            portfolio_id: investment.portfolioId,
            name: investment.name,
            type: investment.type,
            code: investment.code,
            listing: investment.listing ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await db
          .insertInto('events')
          .values(toEventColumns({ ...first, investmentId: row.id }))
          .execute();
        // The event's trigger has raised the version since the row was inserted.
        const { version } = await db
          .selectFrom('investments')
          .select('version')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        return { ...toInvestment(row), version };
      }, true);
    },

    async renameInvestment(id: number, name: string): Promise<void> {
      await ctx.write((db) =>
        db.updateTable('investments').set({ name }).where('id', '=', id).execute(),
      );
    },

    async setListing(id: number, listing: string | null): Promise<void> {
      // The version too: the investment's prices come from elsewhere now.
      await ctx.write((db) =>
        db
          .updateTable('investments')
          .set((eb) => ({ listing, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .execute(),
      );
    },

    deleteInvestment(id: number): Promise<void> {
      return ctx.write(async (db) => {
        await db.deleteFrom('manual_prices').where('investment_id', '=', id).execute();
        await db.deleteFrom('dismissed_actions').where('investment_id', '=', id).execute();
        await db.deleteFrom('investment_tax_classes').where('investment_id', '=', id).execute();
        await db.deleteFrom('events').where('investment_id', '=', id).execute();
        await db.deleteFrom('investments').where('id', '=', id).execute();
      }, true);
    },

    deletePortfolio(id: number): Promise<void> {
      return ctx.write(async (db) => {
        const held = db.selectFrom('investments').select('id').where('portfolio_id', '=', id);
        await db.deleteFrom('manual_prices').where('investment_id', 'in', held).execute();
        await db.deleteFrom('dismissed_actions').where('investment_id', 'in', held).execute();
        await db.deleteFrom('investment_tax_classes').where('investment_id', 'in', held).execute();
        await db.deleteFrom('events').where('investment_id', 'in', held).execute();
        await db.deleteFrom('investments').where('portfolio_id', '=', id).execute();
        await db.deleteFrom('cash_events').where('portfolio_id', '=', id).execute();
        await db.deleteFrom('portfolios').where('id', '=', id).execute();
      }, true);
    },

    async events(investmentIds: readonly number[]): Promise<EventRow[]> {
      const ids = [...new Set(investmentIds)];
      let rows: Selectable<EventsTable>[] = [];
      for (let start = 0; start < ids.length; start += IN_LIST_CHUNK) {
        const chunk = ids.slice(start, start + IN_LIST_CHUNK);
        // concat, not push(...): a spread of 200k rows overflows the call stack.
        rows = rows.concat(
          await ctx.db
            .selectFrom('events')
            .selectAll()
            .where('investment_id', 'in', chunk)
            .orderBy('id')
            .execute(),
        );
      }
      // Chunks are each in order; across chunks the ids interleave.
      if (ids.length > IN_LIST_CHUNK) rows.sort((a, b) => a.id - b.id);
      return rows.map(toEvent);
    },

    async investmentEvents(investmentId: number): Promise<EventRow[]> {
      // On the (investment_id, id) index, in its order: no sort.
      const rows = await ctx.db
        .selectFrom('events')
        .selectAll()
        .where('investment_id', '=', investmentId)
        .orderBy('id')
        .execute();
      return rows.map(toEvent);
    },

    async event(id: number): Promise<EventRow | undefined> {
      const row = await ctx.db
        .selectFrom('events')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toEvent(row);
    },

    // The database's triggers raise the investment's version with every write of its events.
    async addEvent(event: EventDraft): Promise<EventRow> {
      const row = await ctx.write((db) =>
        db
          .insertInto('events')
          .values(toEventColumns(event))
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return toEvent(row);
    },

    async updateEvent(event: EventRow): Promise<void> {
      await ctx.write((db) =>
        db.updateTable('events').set(toEventColumns(event)).where('id', '=', event.id).execute(),
      );
    },

    async deleteEvent(id: number): Promise<void> {
      await ctx.write((db) => db.deleteFrom('events').where('id', '=', id).execute());
    },

    async addEvents(events: readonly EventDraft[]): Promise<void> {
      // One statement per chunk: both databases bind well under their parameter limits.
      await ctx.write(async (db) => {
        for (let start = 0; start < events.length; start += EVENT_CHUNK)
          await db
            .insertInto('events')
            .values(events.slice(start, start + EVENT_CHUNK).map(toEventColumns))
            .execute();
      });
    },

    async externalIds(portfolioIds: readonly number[]) {
      if (portfolioIds.length === 0) return [];
      const rows = await ctx.db
        .selectFrom('events')
        .select(['external_portfolio_id', 'source', 'external_id'])
        .where('external_portfolio_id', 'in', [...portfolioIds])
        .where('external_id', 'is not', null)
        .execute();
      return rows.map((row) => ({
        portfolioId: Number(row.external_portfolio_id),
        source: String(row.source),
        externalId: String(row.external_id),
      }));
    },
  };
}

const toPortfolio = (row: Selectable<PortfoliosTable>): PortfolioRow => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  kind: row.kind,
  ...(row.cash === 1 && { cash: true }),
});

const toInvestment = (row: Selectable<InvestmentsTable>): InvestmentRow => ({
  id: row.id,
  userId: row.user_id,
  portfolioId: row.portfolio_id,
  name: row.name,
  type: row.type,
  code: row.code,
  listing: row.listing,
  version: row.version,
});
