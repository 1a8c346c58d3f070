import { useId } from 'react';
import { EARLIEST_DAY } from '../../domain/dates';
import type { FieldErrors } from './field';
import { AlertIcon } from './icons';

export interface DateFieldProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  errors?: FieldErrors;
  /** The latest day allowed: today. */
  max: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A day (YYYY-MM-DD) with the native date picker, from 1970-01-01 to `max`. Laid out as the other
 * fields (label, input, messages under it); messages come from the form's machine, which checks
 * the day as it changes, so a future day is explained next to the field.
 */
export function DateField({ label, errors, onValueChange, max, ...input }: DateFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const list = !errors ? [] : typeof errors === 'string' ? [errors] : errors;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        className="field__input field__input--date"
        type="date"
        min={EARLIEST_DAY}
        max={max}
        aria-invalid={list.length > 0 || undefined}
        aria-describedby={list.length > 0 ? errorId : undefined}
        onChange={(e) => onValueChange(e.target.value)}
      />
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
