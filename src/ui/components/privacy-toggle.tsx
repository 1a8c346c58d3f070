import { usePrivacy } from '../hooks/use-settings';
import { EyeIcon, EyeOffIcon } from './icons';

/** Privacy mode: pressed, it masks every amount on every screen; percentages stay. */
export function PrivacyToggle() {
  const { amountsHidden, toggleAmounts } = usePrivacy();
  return (
    <button
      type="button"
      className="icon-button privacy-toggle"
      aria-label="Hide amounts"
      aria-pressed={amountsHidden}
      onClick={toggleAmounts}
    >
      {amountsHidden ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
}
