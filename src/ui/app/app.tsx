import { Suspense, useEffect, useLayoutEffect } from 'react';
import {
  Redirect,
  Route,
  Router,
  Switch,
  useLocation,
  type BaseLocationHook,
  type BaseSearchHook,
} from 'wouter';
import { AmountFormatProvider } from '../components/format-context';
import { ReauthDialog, useSession, LandingScreen } from '../auth';
import { Toast } from './chrome/toast';
import { UpdateStatus } from './chrome/update-status';
import { AppActorProvider, useAppChildren, type AppActor } from './app-actor';
import { I18nProvider, useLanguage } from './use-i18n';
import { useAmountFormat } from './use-settings';
import { SCREEN_PATHS, screenOf } from '../../machines/app/routes';
import { useAppBrowserLocation } from './browser-location';
import { ScreenSkeleton } from '../components/states';
import { lazyScreen } from './lazy-screen';
import { Chrome } from './chrome/chrome';

// Logged-in screens load on first visit, so the landing page needs only the shell.
const screens = {
  history: lazyScreen(() => import('../history/history-screen').then((m) => m.HistoryScreen)),
  home: lazyScreen(() => import('../home/home-screen').then((m) => m.HomeScreen)),
  import: lazyScreen(() => import('../import/import-screen').then((m) => m.ImportScreen)),
  income: lazyScreen(() => import('../income/income-screen').then((m) => m.IncomeScreen)),
  investmentCreate: lazyScreen(() =>
    import('../investments/investment-create-screen').then((m) => m.InvestmentCreateScreen),
  ),
  investment: lazyScreen(() =>
    import('../investments/investment-screen').then((m) => m.InvestmentScreen),
  ),
  notFound: lazyScreen(() => import('./not-found-screen').then((m) => m.NotFoundScreen)),
  portfolioCreate: lazyScreen(() =>
    import('../portfolios/portfolio-create-screen').then((m) => m.PortfolioCreateScreen),
  ),
  portfolio: lazyScreen(() =>
    import('../portfolios/portfolio-screen').then((m) => m.PortfolioScreen),
  ),
  profile: lazyScreen(() => import('../profile/profile-screen').then((m) => m.ProfileScreen)),
  report: lazyScreen(() => import('../reports/report-screen').then((m) => m.ReportScreen)),
};

/** Forgot password and the reset link's screen: open whether logged in or not, no chrome. */
const passwordScreens = new Map([
  [
    '/forgot-password',
    lazyScreen(() => import('../auth/password-screens').then((m) => m.ForgotPasswordScreen)),
  ],
  [
    '/reset-password',
    lazyScreen(() => import('../auth/password-screens').then((m) => m.ResetPasswordScreen)),
  ],
]);

/** Starts loading the code of the screen at `path`, if it is one: before anything renders. */
export function preloadScreenAt(path: string): Promise<void> {
  const screen = screenOf(path);
  return screen ? screens[screen].preload() : Promise.resolve();
}

/** Loads every screen's code, e.g. before tests that expect screens to render at once. */
export function preloadScreens(): Promise<void> {
  return Promise.all(Object.values(screens).map((screen) => screen.preload())).then(
    () => undefined,
  );
}

export interface AppProps {
  actor: AppActor;
  /** Wouter location hook; the browser's history by default, a memory location in tests. */
  hook?: BaseLocationHook;
  /** Its query string; the browser's by default. */
  searchHook?: BaseSearchHook;
}

/** The whole app around one running app actor. */
export function App({ actor, hook = useAppBrowserLocation, searchHook }: AppProps) {
  return (
    <AppActorProvider value={actor}>
      <Router hook={hook} searchHook={searchHook}>
        <Localized>
          <Formatted>
            <Routes />
            <Toast />
            <UpdateStatus />
          </Formatted>
        </Localized>
      </Router>
    </AppActorProvider>
  );
}

/** The chosen language's texts; <html lang> follows it. Nothing until its first texts arrive. */
function Localized({ children }: { children: React.ReactNode }) {
  const { i18n, starting } = useLanguage();
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return starting ? null : <I18nProvider value={i18n}>{children}</I18nProvider>;
}

function Formatted({ children }: { children: React.ReactNode }) {
  return <AmountFormatProvider value={useAmountFormat()}>{children}</AmountFormatProvider>;
}

/**
 * Guard: '/' only when logged out; the app's screens only when logged in. A path that is no
 * screen says 404 Not Found either way, as there is nothing to log in for.
 */
function Routes() {
  const { loggedIn } = useSession();
  const [path] = useLocation();
  // A new screen starts at its top, as a page load would.
  // (scrollTo returns a promise in newer browsers, so the effect must not return it.)
  useLayoutEffect(() => {
    void window.scrollTo?.(0, 0);
  }, [path]);
  const PasswordScreen = passwordScreens.get(path);
  if (PasswordScreen)
    return (
      <Suspense fallback={<ScreenSkeleton />}>
        <PasswordScreen />
      </Suspense>
    );
  if (path === '/') return loggedIn ? <Redirect to="/home" replace /> : <LandingScreen />;
  if (!loggedIn) {
    return (
      <Suspense fallback={<ScreenSkeleton />}>
        <Switch>
          {Object.values(SCREEN_PATHS).map((guarded) => (
            <Route key={guarded} path={guarded}>
              <LoginFirst path={path} />
            </Route>
          ))}
          <Route>
            <screens.notFound loggedIn={false} />
          </Route>
        </Switch>
      </Suspense>
    );
  }
  return (
    <>
      <Chrome />
      {/* One boundary per screen: while the next screen's code loads, the one left is unmounted,
          not kept hidden in the page under the skeleton. */}
      <Suspense key={screenOf(path) ?? 'notFound'} fallback={<ScreenSkeleton />}>
        <Switch>
          <Route path={SCREEN_PATHS.home} component={screens.home} />
          <Route path={SCREEN_PATHS.history} component={screens.history} />
          <Route path={SCREEN_PATHS.profile} component={screens.profile} />
          <Route path={SCREEN_PATHS.import} component={screens.import} />
          <Route path={SCREEN_PATHS.income} component={screens.income} />
          <Route path={SCREEN_PATHS.portfolioCreate} component={screens.portfolioCreate} />
          <Route path={SCREEN_PATHS.investmentCreate} component={screens.investmentCreate} />
          <Route path={SCREEN_PATHS.portfolio}>
            {(params) => <screens.portfolio key={params.id} id={params.id} />}
          </Route>
          <Route path={SCREEN_PATHS.investment}>
            {(params) => <screens.investment key={params.id} id={params.id} />}
          </Route>
          <Route path={SCREEN_PATHS.report}>
            {(params) => <screens.report key={params.year} year={params.year} />}
          </Route>
          <Route>
            <screens.notFound loggedIn />
          </Route>
        </Switch>
      </Suspense>
      <ReauthDialog />
    </>
  );
}

/** A screen opened while logged out: the auth machine remembers it and shows Login. */
function LoginFirst({ path }: { path: string }) {
  const { auth } = useAppChildren();
  useEffect(() => auth.send({ type: 'auth.required', path }), [auth, path]);
  return null;
}
