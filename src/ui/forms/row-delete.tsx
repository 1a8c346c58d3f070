import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { BusyButton } from './busy-button';
import './row-delete.css';

/** What a row removal (machines/forms/row-removal.ts) shows: the row whose DELETE is on its way. */
interface RemovalSnapshot<Row> {
  hasTag(tag: 'deleting'): boolean;
  context: { deleted: Row | undefined };
}

type RemovalRef<Row> = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): RemovalSnapshot<Row>;
};

/** The key (`keyOf`) of the row being deleted, while its DELETE is on its way. */
export function useDeleting<Row>(
  removal: RemovalRef<Row> | undefined,
  keyOf: (row: Row) => string,
): string | undefined {
  return useSelector(removal, (s) =>
    s?.hasTag('deleting') && s.context.deleted ? keyOf(s.context.deleted) : undefined,
  );
}

/**
 * A row's Delete (its Undo is in the notice that follows), named by `label` so each row's differs:
 * busy while its own DELETE goes, disabled while another row's does.
 */
export function RowDelete({
  row,
  deleting,
  label,
  onDelete,
  children,
}: {
  /** The row's key, as `useDeleting` gives it. */
  row: string;
  deleting: string | undefined;
  label: string;
  onDelete: () => void;
  children: string;
}) {
  return (
    <BusyButton
      type="button"
      className="button button--ghost button--small row-delete"
      aria-label={label}
      busy={deleting === row}
      disabled={deleting !== undefined && deleting !== row}
      onClick={onDelete}
    >
      {children}
    </BusyButton>
  );
}
