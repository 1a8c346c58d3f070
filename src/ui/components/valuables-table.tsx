import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Change } from './change';
import { useFormatters } from './format-context';
import { useLongPress } from './use-long-press';

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

export interface ValuablesTableProps {
  /** Accessible name of the table ("Portfolios", "Investments"). */
  label: string;
  rows: readonly ValuableRow[];
  /** Called with the new name when an inline rename is submitted. */
  onRename?: (id: string, name: string) => void;
}

/** Portfolios or investments: name (long press to rename), value and change. */
export function ValuablesTable({ label, rows, onRename }: ValuablesTableProps) {
  // Which row is in inline edit is UI-only state; the rename itself goes to a machine.
  const [editing, setEditing] = useState<string | null>(null);
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
                {editing === row.id && onRename ? (
                  <RenameInput
                    name={row.name}
                    onDone={(name) => {
                      setEditing(null);
                      if (name && name !== row.name) onRename(row.id, name);
                    }}
                  />
                ) : (
                  <RowLink href={row.href} onLongPress={onRename ? () => setEditing(row.id) : undefined}>
                    {row.name}
                    {row.detail && <span className="table__sub">{row.detail}</span>}
                  </RowLink>
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
        <Change change={row.change} />
        <span className="table__sub">{f.ratio(row.changeRatio)}</span>
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

function RenameInput({ name, onDone }: { name: string; onDone: (name: string) => void }) {
  return (
    <input
      className="rename-input"
      aria-label={`Rename ${name}`}
      defaultValue={name}
      autoFocus
      onBlur={(event) => onDone(event.currentTarget.value.trim())}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === 'Escape') {
          event.currentTarget.value = name;
          event.currentTarget.blur();
        }
      }}
    />
  );
}
