import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { FormError } from '../../forms/field';
import {
  DashboardIcon,
  HistoryIcon,
  IncomeIcon,
  LogoutIcon,
  ProfileIcon,
} from '../../components/icons';
import { useT } from '../use-i18n';
import { taxYearHref } from '../../../machines/app/routes';
// The menu's backdrop is an overlay's.
import '../../components/dialogs/overlay.css';
import './side-menu.css';

const LINKS = [
  { href: '/home', label: 'menu.dashboard', Icon: DashboardIcon },
  { href: '/history', label: 'menu.history', Icon: HistoryIcon },
  { href: '/income', label: 'menu.income', Icon: IncomeIcon },
  { href: taxYearHref(), label: 'menu.taxYear', Icon: HistoryIcon },
  { href: '/profile', label: 'menu.profile', Icon: ProfileIcon },
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

interface MenuContentProps {
  name: string;
  email: string;
  /** The current path, to mark its link. */
  path: string;
  /** In the burger menu: a link was followed; it replaced the menu's history entry. */
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  logoutError: string | undefined;
}

export type SideNavProps = Omit<MenuContentProps, 'onNavigate'>;

export interface SideMenuProps extends SideNavProps {
  onClose: () => void;
  onNavigate: () => void;
}

/** Who is logged in, where to go, and Logout: the burger menu's and the sidebar's content. */
function MenuContent({
  name,
  email,
  path,
  onNavigate,
  onLogout,
  loggingOut,
  logoutError,
}: MenuContentProps) {
  const { t } = useT();
  return (
    <>
      <div className="side-menu__user">
        <span className="avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <div>
          <p className="side-menu__name">{name}</p>
          <p className="side-menu__email" title={email}>
            {email}
          </p>
        </div>
      </div>
      <nav className="side-menu__nav" aria-label={t('menu.main')}>
        {LINKS.map(({ href, label, Icon }) => (
          <Link
            key={href}
            href={href}
            className="side-menu__link"
            aria-current={path === href ? 'page' : undefined}
            // From the menu, the page takes the menu's own history entry, so back leads to the
            // page before.
            replace={onNavigate !== undefined}
            onClick={onNavigate}
          >
            <Icon />
            {t(label)}
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
          {t('menu.logout')}
        </button>
        <FormError message={logoutError} />
      </div>
    </>
  );
}

/** The burger menu, rendered only while open. */
export function SideMenu({ onClose, onNavigate, ...content }: SideMenuProps) {
  const panel = useRef<HTMLDivElement>(null);
  const { t } = useT();
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
        aria-label={t('topBar.menu')}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
      >
        <MenuContent {...content} onNavigate={onNavigate} />
      </div>
    </div>
  );
}

/** The same content shown beside the page on a desktop, which has no burger menu. */
export function SideNav(props: SideNavProps) {
  return (
    <aside className="side-nav">
      <MenuContent {...props} />
    </aside>
  );
}
