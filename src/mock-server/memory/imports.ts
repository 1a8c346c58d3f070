// Import batches in the demo's tables; their events are the ledger's, found by batch.
import type { ImportBatchRow, ImportStore } from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryImports(ctx: MemoryContext): ImportStore {
  return {
    imports(userId: number) {
      const held = new Map<number, number>();
      for (const { origin } of ctx.tables.events)
        if (origin) held.set(origin.batchId, (held.get(origin.batchId) ?? 0) + 1);
      return Promise.resolve(
        (ctx.tables.imports ?? [])
          .filter((batch) => batch.userId === userId)
          // Data kept before accounts were has none.
          .map((batch) => ({
            ...structuredClone(batch),
            account: batch.account ?? null,
            events: held.get(batch.id) ?? 0,
          })),
      );
    },

    createImport(batch: Omit<ImportBatchRow, 'id'>) {
      const row = { ...structuredClone(batch), id: ctx.nextId() };
      (ctx.tables.imports ??= []).push(row);
      return ctx.write(structuredClone(row));
    },

    setImportCreated(id: number, created: ImportBatchRow['created']) {
      const row = ctx.tables.imports?.find((batch) => batch.id === id);
      if (row) row.created = structuredClone(created);
      return ctx.write(undefined);
    },

    importEvents(id: number) {
      return Promise.resolve(ctx.tables.events.filter((e) => e.origin?.batchId === id));
    },

    deleteImport(id: number) {
      for (const event of ctx.tables.events)
        if (event.origin?.batchId === id) ctx.eventsChanged(event.investmentId);
      ctx.tables.events = ctx.tables.events.filter((e) => e.origin?.batchId !== id);
      ctx.tables.cash = ctx.tables.cash?.filter((e) => e.origin?.batchId !== id);
      ctx.tables.imports = ctx.tables.imports?.filter((batch) => batch.id !== id);
      return ctx.write(undefined);
    },
  };
}
