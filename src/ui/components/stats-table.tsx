export interface StatRow {
  label: string;
  /** Already formatted. */
  value: string;
  tone?: 'gain' | 'loss';
}

/** A two-column figure table: the label as the row header, the figure right-aligned. */
export function StatsTable({ label, rows }: { label: string; rows: readonly StatRow[] }) {
  return (
    <table className="table" aria-label={label}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td className={`num${row.tone ? ` change--${row.tone}` : ''}`}>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Tone of a signed figure: colour is a hint next to the sign the text already carries. */
export function toneOf(value: number): 'gain' | 'loss' | undefined {
  if (value > 0) return 'gain';
  if (value < 0) return 'loss';
  return undefined;
}
