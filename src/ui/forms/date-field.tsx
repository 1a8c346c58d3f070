import { EARLIEST_DAY } from '../../domain/dates';
import { FieldShell, type FieldErrors } from './field';
import './date-field.css';

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
  return (
    <FieldShell label={label} errors={errors}>
      {({ inputId, describedBy, invalid }) => (
        <input
          {...input}
          id={inputId}
          className="field__input field__input--date"
          type="date"
          min={EARLIEST_DAY}
          max={max}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FieldShell>
  );
}
