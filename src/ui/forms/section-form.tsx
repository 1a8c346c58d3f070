import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { FormError } from './field';
import { FormButtons } from './form-buttons';
import './section-form.css';

/**
 * A form on top of a section's list (a cash entry, a typed price): titled, its first field that
 * takes input focused where it opens and when `focus` changes (another price corrected), its
 * Save and Cancel sent to the section's machine.
 */
export function SectionForm({
  title,
  submit,
  busy,
  formError,
  focus,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  /** The submit button's text. */
  submit: string;
  busy: boolean;
  formError: string | undefined;
  focus?: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current
      ?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled])')
      ?.focus();
  }, [focus]);
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form ref={form} className="form section-form" aria-labelledby={titleId} onSubmit={send}>
      <h3 className="section-form__title" id={titleId}>
        {title}
      </h3>
      {children}
      <FormError message={formError} />
      <FormButtons onCancel={onCancel} cancelDisabled={busy} submit={submit} busy={busy} />
    </form>
  );
}
