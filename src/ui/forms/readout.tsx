import { useId, type ReactNode } from 'react';
import './readout.css';

/** A figure a form works out as it is filled in (a total, a split's ratio), read out when it changes. */
export function Readout({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="readout">
      <label className="field__hint" htmlFor={id}>
        {label}
      </label>
      <output id={id} className="readout__value num" aria-live="polite">
        {children}
      </output>
    </div>
  );
}
