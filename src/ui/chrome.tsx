import { useLocation } from 'wouter';
import { SideMenu, SideNav } from './components/side-menu';
import { TopBar } from './components/top-bar';
import { DESKTOP_QUERY, useMediaQuery } from './hooks/use-media-query';
import { useOverlay } from './hooks/use-overlay';
import { usePeriod } from './hooks/use-period';
import { useSession } from './hooks/use-session';
import { showsPeriod } from '../machines/routes';

/**
 * Top bar and menu of every logged-in screen. The burger menu is an overlay (back closes it) at
 * every width; on a desktop its content is also a sidebar, always shown. The period selector
 * only where it changes what the screen shows.
 */
export function Chrome() {
  const { period, selectPeriod } = usePeriod();
  const menu = useOverlay();
  const { name, email, logout, loggingOut, logoutFailure } = useSession();
  const [path] = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const account = { name, email, path, onLogout: logout, loggingOut, logoutError: logoutFailure };
  return (
    <>
      <TopBar
        period={showsPeriod(path) ? period : undefined}
        onPeriodChange={selectPeriod}
        menuOpen={menu.visible}
        onMenu={() => menu.open('menu')}
      />
      {desktop && <SideNav {...account} menuOpen={menu.visible} />}
      {menu.visible && !menu.closing && (
        <SideMenu {...account} onClose={menu.close} onNavigate={menu.navigated} />
      )}
    </>
  );
}
