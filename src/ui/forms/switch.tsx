import { useId } from 'react';
import './switch.css';

/** A settings toggle: role switch, named by its visible label. */
export function Switch({
  label,
  description,
  checked,
  onToggle,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onToggle: () => void;
}) {
  const labelId = useId();
  const descriptionId = `${labelId}-description`;
  return (
    <div className="switch-row">
      <div>
        <div id={labelId} className="switch-row__label">
          {label}
        </div>
        {description && (
          <div id={descriptionId} className="field__hint">
            {description}
          </div>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? descriptionId : undefined}
        onClick={onToggle}
      />
    </div>
  );
}
