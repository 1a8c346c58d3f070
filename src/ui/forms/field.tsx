import { useId, type ReactNode } from 'react';
import { ambiguousDecimalHint, DECIMAL_PATTERN } from '../../domain/numbers';
import { AlertIcon } from '../components/icons';
import { useT } from '../app/use-i18n';

/** Server and client messages for one field; several are shown one per line. */
export type FieldErrors = readonly string[] | string | undefined;

/** Ties inputs to a form's values, errors and change intention: `{...field('name')}`. */
export function bindField<F extends string>(
  values: Readonly<Record<F, string>>,
  errors: Readonly<Partial<Record<F, FieldErrors>>>,
  change: (field: F, value: string) => void,
) {
  return (name: F) => ({
    name,
    value: values[name],
    onValueChange: (value: string) => change(name, value),
    errors: errors[name],
  });
}

function messages(errors: FieldErrors): readonly string[] {
  if (!errors) return [];
  return typeof errors === 'string' ? [errors] : errors;
}

interface FieldShellProps {
  label: string;
  errors: FieldErrors;
  /** Lines under the field, before its errors. */
  hints?: readonly (string | undefined)[];
  children: (ids: {
    inputId: string;
    describedBy: string | undefined;
    invalid: boolean;
  }) => ReactNode;
}

/**
 * Label, control, hints and errors, tied together for assistive technology. Messages and hints
 * come from machines and the server in English; they show in the chosen language.
 */
export function FieldShell({ label, errors, hints = [], children }: FieldShellProps) {
  const { text } = useT();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const list = messages(errors).map(text);
  const hint = hints
    .filter((line): line is string => Boolean(line))
    .map(text)
    .join(' ');
  const describedBy = [hint ? hintId : '', list.length ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {children({ inputId, describedBy: describedBy || undefined, invalid: list.length > 0 })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {list.length > 0 && (
        <div className="field__error" id={errorId}>
          <AlertIcon />
          <span>
            {list.map((message) => (
              <span key={message} style={{ display: 'block' }}>
                {message}
              </span>
            ))}
          </span>
        </div>
      )}
    </div>
  );
}

export interface TextFieldProps {
  label: string;
  name: string;
  errors?: FieldErrors;
  hint?: string;
  /** Controlled when set; otherwise the input keeps its own value (and `defaultValue`). */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'password';
  /** A decimal number: text with `inputmode="decimal"` and the decimal pattern. */
  decimal?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  autoComplete?: string;
  autoCapitalize?: string;
}

export function TextField({
  label,
  errors,
  hint,
  onValueChange,
  decimal = false,
  type = 'text',
  ...input
}: TextFieldProps) {
  // "1.000" is saved as 1: say so before it is, rather than guess the user meant a thousand.
  const ambiguity = decimal && input.value !== undefined ? ambiguousDecimalHint(input.value) : '';
  return (
    <FieldShell label={label} errors={errors} hints={[ambiguity, hint]}>
      {({ inputId, describedBy, invalid }) => (
        <input
          {...input}
          id={inputId}
          className="field__input"
          type={decimal ? 'text' : type}
          inputMode={decimal ? 'decimal' : undefined}
          pattern={decimal ? DECIMAL_PATTERN : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={onValueChange ? (e) => onValueChange(e.target.value) : undefined}
        />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  name: string;
  options: readonly SelectOption[];
  errors?: FieldErrors;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Text of an empty first option, for a required choice with no default. */
  placeholder?: string;
  hint?: string;
}

export function SelectField({
  label,
  errors,
  options,
  placeholder,
  onValueChange,
  hint,
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell label={label} errors={errors} hints={[hint]}>
      {({ inputId, describedBy, invalid }) => (
        <select
          {...select}
          id={inputId}
          className="field__input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={onValueChange ? (e) => onValueChange(e.target.value) : undefined}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A message about the whole form (network down, server error), not one field. */
export function FormError({ message }: { message: string | undefined }) {
  const { text } = useT();
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {text(message)}
    </p>
  );
}

/** A text entry of submitted form data; '' when absent. */
export function formText(data: FormData, key: string): string {
  const value = data.get(key);
  return typeof value === 'string' ? value : '';
}
