import { useId } from 'react';
import { Link } from 'wouter';
import { PERIODS, type Period } from '../../../domain/types';
import { Logo, MenuIcon } from '../../components/icons';
import { PrivacyToggle } from './privacy-toggle';
import { useT } from '../use-i18n';
import './top-bar.css';

export interface TopBarProps {
  /** The selected period; no selector where the screen shows no figures over a period. */
  period?: Period;
  onPeriodChange: (period: Period) => void;
  menuOpen: boolean;
  /** Opens the burger menu; none on a desktop, where the menu is the sidebar. */
  onMenu?: () => void;
}

function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

export function TopBar({ period, onPeriodChange, menuOpen, onMenu }: TopBarProps) {
  const periodId = useId();
  const { t } = useT();
  return (
    <header className="top-bar">
      {onMenu && (
        <button
          type="button"
          className="icon-button top-bar__menu"
          aria-label={t('topBar.menu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onMenu}
        >
          <MenuIcon />
        </button>
      )}
      <Link href="/home" className="top-bar__brand">
        <Logo />
        {t('app.name')}
      </Link>
      <PrivacyToggle />
      {period && (
        <>
          <label htmlFor={periodId} className="visually-hidden">
            {t('topBar.period')}
          </label>
          <select
            id={periodId}
            className="period-select"
            value={period}
            onChange={(event) => {
              if (isPeriod(event.target.value)) onPeriodChange(event.target.value);
            }}
          >
            {PERIODS.map((option) => (
              <option key={option} value={option}>
                {t(`period.${option}`)}
              </option>
            ))}
          </select>
        </>
      )}
    </header>
  );
}
