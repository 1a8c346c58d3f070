import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CompactChange } from './change';
import { useFormatters } from './format-context';
import { useLongPress } from '../hooks/use-long-press';

export interface ValuableRow {
  id: string;
  name: string;
  href: string;
  value: number;
  change: number;
  changeRatio: number;
  /** A second line under the name, e.g. "3 investments" or "12 shares". */
  detail?: string;
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
  return (
    <div className="table-wrap">
      <table className="table table--rows" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col" className="num">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="table__name">
                {rename && rename.editingId === row.id ? (
                  <RenameInput name={row.name} control={rename} />
                ) : (
                  <RowLink
                    href={row.href}
                    onLongPress={rename ? () => rename.start(row.id, row.name) : undefined}
                  >
                    {row.name}
                  </RowLink>
                )}
                {rename?.editingId !== row.id && row.detail && (
                  <span className="table__sub">{row.detail}</span>
                )}
              </td>
              <ValueCells row={row} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ValueCells({ row }: { row: ValuableRow }) {
  const f = useFormatters();
  return (
    <>
      <td className="num">{f.amount(row.value)}</td>
      <td className="num">
        <CompactChange change={row.change} ratio={row.changeRatio} />
      </td>
    </>
  );
}

function RowLink({
  href,
  onLongPress,
  children,
}: {
  href: string;
  onLongPress: (() => void) | undefined;
  children: ReactNode;
}) {
  const press = useLongPress(onLongPress ?? (() => undefined));
  return (
    <Link href={href} {...(onLongPress ? press : {})}>
      {children}
    </Link>
  );
}

function RenameInput({ name, control }: { name: string; control: RenameControl }) {
  const errorId = useId();
  return (
    <>
      <input
        className="rename-input"
        aria-label={`Rename ${name}`}
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
          {control.error}
        </span>
      )}
    </>
  );
}
