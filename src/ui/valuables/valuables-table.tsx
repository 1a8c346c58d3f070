import { useId, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { CompactChange } from '../components/charts/change';
import { useSinceClose } from '../components/charts/value-summary';
import { useFormatters } from '../components/format-context';
import { useT } from '../app/use-i18n';
import { useLongPress } from '../components/gestures/use-long-press';
import './valuables-table.css';

export interface ValuableRow {
  id: string;
  name: string;
  href: string;
  value: number;
  change: number;
  changeRatio: number;
  /** ISO instant Day's change is from when its markets were closed (the answer's `since`). */
  since?: string;
  /** A second line under the name, e.g. "3 investments" or "12 shares". */
  detail?: string;
  /** A short word beside the name (a portfolio's kind, "Aktiesparekonto"). */
  badge?: string;
  /** Something the figures need to be right, under the name with its button. */
  notice?: RowNotice;
}

/**
 * "Split 1:10 (10 for 1) on 2024-06-10 not recorded" with Record split beside it, or a portfolio's
 * "1 split not recorded", fixed on its own rows.
 */
export interface RowNotice {
  text: string;
  action?: {
    text: string;
    /** The button's accessible name: `text` and the row's name. */
    label: string;
    onAction: () => void;
  };
}

/** Inline rename, driven by a machine: which row is in edit, its draft, and the intentions. */
export interface RenameControl {
  editingId: string | undefined;
  draft: string;
  error: string | undefined;
  start: (id: string, name: string) => void;
  change: (name: string) => void;
  /** Focus left the field: save a changed name. */
  blur: () => void;
  submit: () => void;
  cancel: () => void;
}

export interface ValuablesTableProps {
  /** Accessible name of the table ("Portfolios", "Investments"). */
  label: string;
  rows: readonly ValuableRow[];
  rename?: RenameControl;
}

/** Portfolios or investments: name (long press to rename), value and change. */
export function ValuablesTable({ label, rows, rename }: ValuablesTableProps) {
  const { t } = useT();
  return (
    <div className="table-wrap valuables-wrap">
      <table className="table table--rows valuables-table" aria-label={label}>
        {/* Shown by the stylesheet where the table has room for its columns. */}
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('table.name')}</th>
            <th scope="col" className="num">
              {t('table.value')}
            </th>
            <th scope="col" className="num">
              {t('table.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ValuableRowView key={row.id} row={row} rename={rename} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A row opens its screen by a click anywhere on it, and is renamed by a long press anywhere on
 * it; the name link is the keyboard's and screen reader's way in. The press handlers stay on
 * while editing, since the press that starts the edit is released over the new field.
 */
function ValuableRowView({ row, rename }: { row: ValuableRow; rename?: RenameControl }) {
  const [, navigate] = useLocation();
  const editing = rename?.editingId === row.id;
  // Off while editing, so a finger held in the field can select and paste.
  const press = useLongPress(() => rename?.start(row.id, row.name), !editing);
  const open = (event: MouseEvent) => {
    const target = event.target as Element;
    if (event.defaultPrevented || editing || target.closest('a, input, button')) return;
    if (window.getSelection()?.toString()) return; // the user was selecting text
    navigate(row.href);
  };
  return (
    <tr className="table__row-link" onClick={open} {...(rename ? press : {})}>
      <td className="table__name">
        {editing ? (
          <RenameInput name={row.name} control={rename} />
        ) : (
          <>
            <Link href={row.href}>{row.name}</Link>
            {row.badge && <span className="badge table__badge">{row.badge}</span>}
            {row.detail && <span className="table__sub">{row.detail}</span>}
            {row.notice && (
              <span className="table__notice">
                <span>{row.notice.text}</span>
                {row.notice.action && (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={row.notice.action.label}
                    onClick={row.notice.action.onAction}
                  >
                    {row.notice.action.text}
                  </button>
                )}
              </span>
            )}
          </>
        )}
      </td>
      <ValueCells row={row} />
    </tr>
  );
}

function ValueCells({ row }: { row: ValuableRow }) {
  const f = useFormatters();
  const sinceClose = useSinceClose();
  return (
    <>
      <td className="num">{f.amount(row.value)}</td>
      <td className="num">
        <CompactChange change={row.change} ratio={row.changeRatio} />
        {/* The header's "Change" is the selected period's; a closed market's says from when. */}
        {row.since !== undefined && (
          <span className="table__sub table__since">{sinceClose(row.since)}</span>
        )}
      </td>
    </>
  );
}

function RenameInput({ name, control }: { name: string; control: RenameControl }) {
  const errorId = useId();
  const { t, text } = useT();
  return (
    <>
      <input
        className="rename-input"
        aria-label={t('table.rename', { name })}
        aria-invalid={control.error ? true : undefined}
        aria-describedby={control.error ? errorId : undefined}
        value={control.draft}
        autoFocus
        onChange={(event) => control.change(event.target.value)}
        onBlur={control.blur}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            control.submit();
          } else if (event.key === 'Escape') {
            control.cancel();
          }
        }}
      />
      {control.error && (
        <span className="field__error" id={errorId}>
          {text(control.error)}
        </span>
      )}
    </>
  );
}
