// Import batches over SQL; their events are the ledger's, found by batch.
import type { Selectable } from 'kysely';
import type { EventRow, ImportBatchRow, ImportStore } from '../../../contract/store';
import type { ImportsTable } from '../schema';
import type { SqlContext } from './context';
import { toEvent } from './event-rows';

export function sqlImports(ctx: SqlContext): ImportStore {
  return {
    async imports(userId: number): Promise<(ImportBatchRow & { events: number })[]> {
      const rows = await ctx.db
        .selectFrom('imports')
        .selectAll('imports')
        .select((eb) =>
          eb
            .selectFrom('events')
            .select((count) => count.fn.countAll<number | string>().as('held'))
            .whereRef('events.import_id', '=', 'imports.id')
            .as('held'),
        )
        .where('imports.user_id', '=', userId)
        .orderBy('imports.id')
        .execute();
      return rows.map((row) => ({ ...toImport(row), events: Number(row.held ?? 0) }));
    },

    async createImport(batch: Omit<ImportBatchRow, 'id'>): Promise<ImportBatchRow> {
      const row = await ctx.write((db) =>
        db
          .insertInto('imports')
          .values({
            user_id: batch.userId,
            portfolio_id: batch.portfolioId,
            source: batch.source,
            file_name: batch.fileName,
            account: batch.account,
            created_at: batch.createdAt,
            ...batch.counts,
            created: JSON.stringify(batch.created),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return toImport(row);
    },

    async setImportCreated(id: number, created: ImportBatchRow['created']): Promise<void> {
      await ctx.write((db) =>
        db
          .updateTable('imports')
          .set({ created: JSON.stringify(created) })
          .where('id', '=', id)
          .execute(),
      );
    },

    async importEvents(id: number): Promise<EventRow[]> {
      const rows = await ctx.db
        .selectFrom('events')
        .selectAll()
        .where('import_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map(toEvent);
    },

    deleteImport(id: number): Promise<void> {
      return ctx.write(async (db) => {
        await db.deleteFrom('events').where('import_id', '=', id).execute();
        await db.deleteFrom('cash_events').where('import_id', '=', id).execute();
        await db.deleteFrom('imports').where('id', '=', id).execute();
      }, true);
    },
  };
}

const toImport = (row: Selectable<ImportsTable>): ImportBatchRow => ({
  id: row.id,
  userId: row.user_id,
  portfolioId: row.portfolio_id,
  source: row.source,
  fileName: row.file_name,
  account: row.account,
  createdAt: Number(row.created_at),
  counts: {
    imported: row.imported,
    duplicates: row.duplicates,
    skipped: row.skipped,
    errors: row.errors,
  },
  created: JSON.parse(row.created) as ImportBatchRow['created'],
});
