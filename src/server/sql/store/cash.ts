// A portfolio's cash over SQL: its switch on the portfolio's row, its events in cash_events.
import type { Insertable, Selectable } from 'kysely';
import type { CashEventDraft, CashEventRow, CashStore } from '../../../contract/store';
import type { CashEventsTable } from '../schema';
import { IN_LIST_CHUNK, type SqlContext } from './context';

export function sqlCash(ctx: SqlContext): CashStore {
  return {
    async setCash(portfolioId: number, on: boolean): Promise<void> {
      await ctx.write((db) =>
        db
          .updateTable('portfolios')
          .set({ cash: on ? 1 : 0 })
          .where('id', '=', portfolioId)
          .execute(),
      );
    },

    async cashEvents(portfolioIds: readonly number[]): Promise<CashEventRow[]> {
      const ids = [...new Set(portfolioIds)];
      let rows: Selectable<CashEventsTable>[] = [];
      for (let start = 0; start < ids.length; start += IN_LIST_CHUNK)
        rows = rows.concat(
          await ctx.db
            .selectFrom('cash_events')
            .selectAll()
            .where('portfolio_id', 'in', ids.slice(start, start + IN_LIST_CHUNK))
            .orderBy('time')
            .orderBy('id')
            .execute(),
        );
      if (ids.length > IN_LIST_CHUNK) rows.sort((a, b) => a.time - b.time || a.id - b.id);
      return rows.map(toCashEvent);
    },

    async addCashEvent(draft: CashEventDraft): Promise<CashEventRow> {
      const row = await ctx.write((db) =>
        db
          .insertInto('cash_events')
          .values(toColumns(draft))
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return toCashEvent(row);
    },

    async addCashEvents(drafts: readonly CashEventDraft[]): Promise<void> {
      if (drafts.length === 0) return;
      await ctx.write(async (db) => {
        // 9 columns a row stays far below SQLite's 32,766 bound parameters.
        for (let start = 0; start < drafts.length; start += 1000)
          await db
            .insertInto('cash_events')
            .values(drafts.slice(start, start + 1000).map(toColumns))
            .execute();
      });
    },

    async deleteCashEvent(id: number): Promise<void> {
      await ctx.write((db) => db.deleteFrom('cash_events').where('id', '=', id).execute());
    },
  };
}

function toColumns(draft: CashEventDraft): Insertable<CashEventsTable> {
  return {
    portfolio_id: draft.portfolioId,
    kind: draft.kind,
    time: draft.time,
    currency: draft.currency,
    amount: draft.amount,
    import_id: draft.origin?.batchId ?? null,
    source: draft.origin?.source ?? null,
    external_id: draft.origin?.externalId ?? null,
  };
}

function toCashEvent(row: Selectable<CashEventsTable>): CashEventRow {
  const event: CashEventRow = {
    id: row.id,
    portfolioId: row.portfolio_id,
    kind: row.kind,
    time: row.time,
    currency: row.currency,
    amount: row.amount,
  };
  if (row.import_id !== null && row.source !== null)
    event.origin = {
      batchId: row.import_id,
      source: row.source,
      ...(row.external_id !== null && { externalId: row.external_id }),
    };
  return event;
}
