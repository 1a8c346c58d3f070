import { useLocation } from 'wouter';
import { SideMenu, SideNav } from './side-menu';
import { TopBar } from './top-bar';
import { DESKTOP_QUERY, useMediaQuery } from '../use-media-query';
import { useOverlay } from '../use-overlay';
import { useFirstPaint } from '../../components/first-paint';
import { usePeriod } from '../use-period';
import { useSession } from '../../auth';
import { showsPeriod } from '../../../machines/app/routes';

/**
 * Top bar and menu of every logged-in screen. On a phone the menu is a burger's overlay (back
 * closes it); on a desktop it is a sidebar, always shown, and there is no burger to open a second
 * copy over it. The period selector only where it changes what the screen shows. The server's
 * first paint knows no width: it draws the burger and the sidebar, and the stylesheet shows the
 * one that fits (top-bar.css, side-menu.css), so the app's render over it moves nothing.
 */
export function Chrome() {
  const { period, selectPeriod } = usePeriod();
  const menu = useOverlay();
  const { name, email, logout, loggingOut, logoutFailure } = useSession();
  const [path] = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const firstPaint = useFirstPaint();
  const account = { name, email, path, onLogout: logout, loggingOut, logoutError: logoutFailure };
  return (
    <>
      <TopBar
        period={showsPeriod(path) ? period : undefined}
        onPeriodChange={selectPeriod}
        menuOpen={menu.visible}
        onMenu={desktop && !firstPaint ? undefined : () => menu.open('menu')}
      />
      {(desktop || firstPaint) && <SideNav {...account} />}
      {!desktop && menu.visible && !menu.closing && (
        <SideMenu {...account} onClose={menu.close} onNavigate={menu.navigated} />
      )}
    </>
  );
}
