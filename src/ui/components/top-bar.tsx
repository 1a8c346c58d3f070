import { useId } from 'react';
import { Link } from 'wouter';
import { PERIODS, type Period } from '../../domain/types';
import { Logo, MenuIcon } from './icons';
import { PrivacyToggle } from './privacy-toggle';

export interface TopBarProps {
  period: Period;
  onPeriodChange: (period: Period) => void;
  menuOpen: boolean;
  onMenu: () => void;
}

function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}

export function TopBar({ period, onPeriodChange, menuOpen, onMenu }: TopBarProps) {
  const periodId = useId();
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={onMenu}
      >
        <MenuIcon />
      </button>
      <Link href="/home" className="top-bar__brand">
        <Logo />
        Formue
      </Link>
      <PrivacyToggle />
      <label htmlFor={periodId} className="visually-hidden">
        Period
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
            {option}
          </option>
        ))}
      </select>
    </header>
  );
}
