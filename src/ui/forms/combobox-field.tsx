import { useId, type KeyboardEvent } from 'react';
import { FieldShell, type FieldErrors } from './field';
import './combobox-field.css';

export interface ComboboxOption {
  key: string;
  label: string;
  /** A second line: identifier, type, currency. */
  details: string;
}

export interface ComboboxFieldProps {
  label: string;
  name: string;
  value: string;
  errors?: FieldErrors;
  onValueChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  /** Shown while open; none is open. */
  options: readonly ComboboxOption[];
  /** Highlighted option, -1 for none. */
  active: number;
  /** The list's accessible name. */
  listLabel: string;
  /** Said politely when the list opens, e.g. how many were found. */
  announcement: string;
  onMove: (by: 1 | -1) => void;
  onChoose: (index: number) => void;
  onDismiss: () => void;
}

/**
 * A text input with a list of suggestions (the ARIA 1.2 combobox pattern, list autocomplete):
 * focus stays in the input; arrows move the highlight, Enter chooses it, Escape closes the list.
 */
export function ComboboxField({
  label,
  value,
  errors,
  onValueChange,
  options,
  active,
  listLabel,
  announcement,
  onMove,
  onChoose,
  onDismiss,
  ...input
}: ComboboxFieldProps) {
  const listId = useId();
  const open = options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onMove(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && active >= 0) {
      // Choosing, not submitting the form.
      event.preventDefault();
      onChoose(active);
    } else if (event.key === 'Escape') {
      // Closes the list only, not the screen.
      event.preventDefault();
      event.stopPropagation();
      onDismiss();
    }
  };

  return (
    <FieldShell label={label} errors={errors}>
      {({ inputId, describedBy, invalid }) => (
        <div className="combobox">
          <input
            {...input}
            id={inputId}
            className="field__input"
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={onDismiss}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel}
            className="combobox__list"
            hidden={!open}
          >
            {options.map((option, index) => (
              <li
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="combobox__option"
                // Keeps focus (and the list) in place until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChoose(index)}
              >
                <span className="combobox__label">{option.label}</span>
                <span className="combobox__details">{option.details}</span>
              </li>
            ))}
          </ul>
          <span className="visually-hidden" role="status">
            {open ? announcement : ''}
          </span>
        </div>
      )}
    </FieldShell>
  );
}
