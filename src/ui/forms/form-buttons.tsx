import type { ReactNode } from 'react';
import { useT } from '../app/use-i18n';
import { BusyButton } from './busy-button';

export interface FormButtonsProps {
  /** The submit button's text (Add, Save, Next, …). */
  submit: string;
  /** The form's call is on the way: the submit button shows its spinner. */
  busy: boolean;
  /** The submit button cannot be pressed yet (the form is still loading). */
  submitDisabled?: boolean;
  onCancel: () => void;
  /** The cancel button's text; Cancel when not given (Back on a later page). */
  cancel?: string;
  cancelDisabled?: boolean;
  /** Buttons between Cancel and submit (a correction's Delete). */
  children?: ReactNode;
}

/** A form's last row: Cancel (a secondary button) and its submit button. */
export function FormButtons({
  submit,
  busy,
  submitDisabled,
  onCancel,
  cancel,
  cancelDisabled,
  children,
}: FormButtonsProps) {
  const { t } = useT();
  return (
    <div className="button-row">
      <button
        type="button"
        className="button button--secondary"
        disabled={cancelDisabled}
        onClick={onCancel}
      >
        {cancel ?? t('common.cancel')}
      </button>
      {children}
      <BusyButton
        type="submit"
        className="button button--primary"
        busy={busy}
        disabled={submitDisabled}
      >
        {submit}
      </BusyButton>
    </div>
  );
}

/** The one, full-width submit button of the account forms (Login, Register, the password screens). */
export function BlockSubmit({ label, submitting }: { label: string; submitting: boolean }) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={submitting}>
      {label}
    </button>
  );
}
