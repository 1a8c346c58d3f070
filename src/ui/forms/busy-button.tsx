import type { ButtonHTMLAttributes, MouseEvent } from 'react';

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Its call is on the way: a spinner shows, the label stays, presses do nothing. */
  busy: boolean;
}

/**
 * A button whose action runs a call. While busy it is aria-disabled rather than disabled, so it
 * keeps focus and its exact name, and shows the spinner of `.button[aria-busy]` (controls.css); a
 * press (or a form's submit through it) is swallowed.
 */
export function BusyButton({ busy, className, onClick, children, ...rest }: BusyButtonProps) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      className={className}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={press}
    >
      {children}
    </button>
  );
}
