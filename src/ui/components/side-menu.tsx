import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { FormError } from './field';
import { DashboardIcon, HistoryIcon, LogoutIcon, ProfileIcon } from './icons';

export interface SideMenuProps {
  name: string;
  email: string;
  /** The current path, to mark its link. */
  path: string;
  onClose: () => void;
  /** A link was followed; it replaced the menu's history entry. */
  onNavigate: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  logoutError: string | undefined;
}

const LINKS = [
  { href: '/home', label: 'Dashboard', Icon: DashboardIcon },
  { href: '/history', label: 'History', Icon: HistoryIcon },
  { href: '/profile', label: 'Profile', Icon: ProfileIcon },
] as const;

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0].toUpperCase())
      .join('') || '?'
  );
}

/** The burger menu: who is logged in, where to go, and Logout. Rendered only while open. */
export function SideMenu({
  name,
  email,
  path,
  onClose,
  onNavigate,
  onLogout,
  loggingOut,
  logoutError,
}: SideMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a')?.focus();
  }, []);
  return (
    <div className="side-menu">
      <div className="overlay__backdrop" onClick={onClose} />
      <div
        ref={panel}
        className="side-menu__panel"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <div className="side-menu__user">
          <span className="avatar" aria-hidden="true">
            {initials(name)}
          </span>
          <div>
            <p className="side-menu__name">{name}</p>
            <p className="side-menu__email">{email}</p>
          </div>
        </div>
        <nav className="side-menu__nav" aria-label="Main">
          {LINKS.map(({ href, label, Icon }) => (
            <Link
              key={href}
              href={href}
              className="side-menu__link"
              aria-current={path === href ? 'page' : undefined}
              // The page takes the menu's own history entry, so back leads to the page before.
              replace
              onClick={onNavigate}
            >
              <Icon />
              {label}
            </Link>
          ))}
        </nav>
        <div className="side-menu__footer">
          <button
            type="button"
            className="side-menu__link button--block"
            disabled={loggingOut}
            aria-busy={loggingOut}
            onClick={onLogout}
          >
            <LogoutIcon />
            Logout
          </button>
          <FormError message={logoutError} />
        </div>
      </div>
    </div>
  );
}
