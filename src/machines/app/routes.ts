// The app's screens behind the login guard (product-spec section 1), shared by the router and
// the auth machine, which sends a logged-out visitor of one of them to Login.

export const SCREEN_PATHS = {
  home: '/home',
  history: '/history',
  profile: '/profile',
  import: '/import',
  income: '/income',
  portfolioCreate: '/portfolios/create',
  investmentCreate: '/investments/create',
  portfolio: '/portfolios/:id',
  investment: '/investments/:id',
  report: '/reports/:year',
} as const;

export type Screen = keyof typeof SCREEN_PATHS;

const isScreen = (key: string): key is Screen => Object.hasOwn(SCREEN_PATHS, key);

// In the router's order: the create paths before the ones with an id, which would match them.
// The build writes them into the script that preloads the first screen
// (scripts/vite/first-code.ts).
export const SCREEN_PATTERNS = Object.keys(SCREEN_PATHS)
  .filter(isScreen)
  .map((screen) => ({
    screen,
    // Case-insensitive, as Wouter matches routes.
    pattern: new RegExp(`^${SCREEN_PATHS[screen].replace(/:[a-z]+/g, '[^/]+')}/?$`, 'i'),
  }));

/** The guarded screen at `path`, or undefined (Login, an unknown address). */
export function screenOf(path: string): Screen | undefined {
  return SCREEN_PATTERNS.find(({ pattern }) => pattern.test(path))?.screen;
}

/** Whether `path` is one of the guarded screens (not Login, not an unknown address). */
export function isScreenPath(path: string): boolean {
  return screenOf(path) !== undefined;
}

/** The screens that show figures over the selected period; the period selector only there. */
const PERIOD_SCREENS: readonly Screen[] = ['home', 'portfolio', 'investment'];

export function showsPeriod(path: string): boolean {
  const screen = screenOf(path);
  return screen !== undefined && PERIOD_SCREENS.includes(screen);
}

/** The query that opens Add investment for one portfolio (its screen's plus link). */
export const PORTFOLIO_PARAM = 'portfolio';

export function investmentCreateHref(portfolioId?: string): string {
  const path = SCREEN_PATHS.investmentCreate;
  return portfolioId ? `${path}?${new URLSearchParams({ [PORTFOLIO_PARAM]: portfolioId })}` : path;
}

/** The year report a return is filed for: last year's (the menu's, Profile's, History's links). */
export function taxYearHref(today: Date = new Date()): string {
  return `/reports/${today.getFullYear() - 1}`;
}
