import { useId, useState, type ReactNode } from 'react';
import './explained.css';

/**
 * A figure's name that says, when pressed, what the figure is: a disclosure (a button with
 * aria-expanded controlling one short line), so a tap, a click or a key shows it, and a screen
 * reader hears whether it is open. `toggle` goes where the name is, `note` where the line fits.
 */
export function useExplanation(label: ReactNode, explanation: string) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = (
    <button
      type="button"
      className="explained"
      aria-expanded={open}
      aria-controls={id}
      onClick={() => setOpen((shown) => !shown)}
    >
      {label}
    </button>
  );
  const note = (
    <span id={id} className="explained__note" hidden={!open}>
      {explanation}
    </span>
  );
  return { toggle, note };
}

/** The name with its line right under it. */
export function Explained({ label, explanation }: { label: string; explanation: string }) {
  const { toggle, note } = useExplanation(label, explanation);
  return (
    <>
      {toggle}
      {note}
    </>
  );
}
