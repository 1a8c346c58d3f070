import type { ReactNode } from 'react';
import { Explained } from './explained';
import './stats-table.css';

export interface StatRow {
  label: string;
  /** One short line saying what the figure is, shown when its name is pressed. */
  explanation?: string;
  /** Already formatted (an amount may be masked, see format-context). */
  value: ReactNode;
  tone?: 'gain' | 'loss';
}

/** A two-column figure table: the label as the row header, the figure right-aligned. */
export function StatsTable({ label, rows }: { label: string; rows: readonly StatRow[] }) {
  return (
    <table className="table" aria-label={label}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">
              {row.explanation ? (
                <Explained label={row.label} explanation={row.explanation} />
              ) : (
                row.label
              )}
            </th>
            <td className={`num${row.tone ? ` change--${row.tone}` : ''}`}>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The same figures as a description list, for a block of key figures that is not one of the
 * spec's tables (the home screen's positions), so a screen's tables stay the ones it names.
 */
export function FigureList({ label, rows }: { label: string; rows: readonly StatRow[] }) {
  return (
    <dl className="figures" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className="figures__row">
          <dt>{row.label}</dt>
          <dd className={`num${row.tone ? ` change--${row.tone}` : ''}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Tone of a signed figure: colour is a hint next to the sign the text already carries. */
export function toneOf(value: number): 'gain' | 'loss' | undefined {
  if (value > 0) return 'gain';
  if (value < 0) return 'loss';
  return undefined;
}
