import { useT } from '../use-i18n';
import { usePrivacy } from '../use-settings';
import { EyeIcon, EyeOffIcon } from '../../components/icons';
import './privacy-toggle.css';

/** Privacy mode: pressed, it masks every amount on every screen; percentages stay. */
export function PrivacyToggle() {
  const { amountsHidden, toggleAmounts } = usePrivacy();
  const { t } = useT();
  return (
    <button
      type="button"
      className="icon-button privacy-toggle"
      aria-label={t('privacy.hide')}
      aria-pressed={amountsHidden}
      onClick={toggleAmounts}
    >
      {amountsHidden ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
}
