import { useLayoutEffect } from 'react';
import { Redirect, Route, Router, Switch, useLocation, type BaseLocationHook } from 'wouter';
import { AmountFormatProvider } from './components/format-context';
import { SideMenu } from './components/side-menu';
import { TopBar } from './components/top-bar';
import { AppActorProvider, type AppActor } from './hooks/app-actor';
import { useMenu } from './hooks/use-menu';
import { usePeriod } from './hooks/use-period';
import { useSession } from './hooks/use-session';
import { useAmountFormat } from './hooks/use-settings';
import { HistoryScreen } from './screens/history-screen';
import { HomeScreen } from './screens/home-screen';
import { InvestmentCreateScreen } from './screens/investment-create-screen';
import { InvestmentScreen } from './screens/investment-screen';
import { LandingScreen } from './screens/landing-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { PortfolioCreateScreen } from './screens/portfolio-create-screen';
import { PortfolioScreen } from './screens/portfolio-screen';
import { ProfileScreen } from './screens/profile-screen';
import './styles.css';

export interface AppProps {
  actor: AppActor;
  /** Wouter location hook; the browser's history by default, a memory location in tests. */
  hook?: BaseLocationHook;
}

/** The whole app around one running app actor. */
export function App({ actor, hook }: AppProps) {
  return (
    <AppActorProvider value={actor}>
      <Router hook={hook}>
        <Formatted>
          <Routes />
        </Formatted>
      </Router>
    </AppActorProvider>
  );
}

function Formatted({ children }: { children: React.ReactNode }) {
  return <AmountFormatProvider value={useAmountFormat()}>{children}</AmountFormatProvider>;
}

/** Guard: '/' only when logged out; everything else only when logged in. */
function Routes() {
  const { loggedIn } = useSession();
  const [path] = useLocation();
  // A new screen starts at its top, as a page load would.
  // (scrollTo returns a promise in newer browsers, so the effect must not return it.)
  useLayoutEffect(() => {
    void window.scrollTo?.(0, 0);
  }, [path]);
  if (path === '/') return loggedIn ? <Redirect to="/home" replace /> : <LandingScreen />;
  if (!loggedIn) return <Redirect to="/" replace />;
  return (
    <>
      <Chrome />
      <Switch>
        <Route path="/home" component={HomeScreen} />
        <Route path="/history" component={HistoryScreen} />
        <Route path="/profile" component={ProfileScreen} />
        <Route path="/portfolios/create" component={PortfolioCreateScreen} />
        <Route path="/investments/create" component={InvestmentCreateScreen} />
        <Route path="/portfolios/:id">
          {(params) => <PortfolioScreen key={params.id} id={params.id} />}
        </Route>
        <Route path="/investments/:id">
          {(params) => <InvestmentScreen key={params.id} id={params.id} />}
        </Route>
        <Route component={NotFoundScreen} />
      </Switch>
    </>
  );
}

/** Top bar and side menu of every logged-in screen. */
function Chrome() {
  const { period, selectPeriod } = usePeriod();
  const { menuOpen, openMenu, closeMenu } = useMenu();
  const { name, email, logout } = useSession();
  const [path] = useLocation();
  return (
    <>
      <TopBar period={period} onPeriodChange={selectPeriod} onMenu={openMenu} />
      {menuOpen && (
        <SideMenu name={name} email={email} path={path} onClose={closeMenu} onLogout={logout} />
      )}
    </>
  );
}
