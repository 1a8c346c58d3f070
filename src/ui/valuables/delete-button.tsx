import type { Id } from '../../domain/types';
import type { ValuableKind } from '../../machines/valuables';
import { useDeleteValuable, type DeleteControl } from './use-delete-valuable';
import { useT } from '../app/use-i18n';
import { ConfirmDialog } from '../components/dialogs/confirm-dialog';
import './delete-button.css';

/** "Delete investment" or "Delete portfolio", and its confirmation while open. */
export function DeleteButton({ label, control }: { label: string; control: DeleteControl }) {
  return (
    <>
      <button
        type="button"
        className="button button--danger-soft button--block"
        disabled={!control.ready}
        onClick={control.request}
      >
        {label}
      </button>
      {control.open && <ConfirmDelete control={control} />}
    </>
  );
}

function ConfirmDelete({ control }: { control: DeleteControl }) {
  const { t } = useT();
  return (
    <ConfirmDialog
      question={control.question}
      summary={control.summary}
      confirmLabel={t('common.delete')}
      onConfirm={control.confirm}
      onCancel={control.cancel}
    />
  );
}

/** The control a screen places: its own flow, for the investment or portfolio `id`. */
export function DeleteValuable({ kind, id }: { kind: ValuableKind; id: Id }) {
  const control = useDeleteValuable(kind, id);
  const { t } = useT();
  return (
    <div className="danger-zone">
      <DeleteButton label={t(`delete.${kind}`)} control={control} />
    </div>
  );
}
