// The app's screens behind the login guard (product-spec section 1), shared by the router and
// the auth machine, which sends a logged-out visitor of one of them to Login.

export const SCREEN_PATHS = {
  home: '/home',
  history: '/history',
  profile: '/profile',
  portfolioCreate: '/portfolios/create',
  investmentCreate: '/investments/create',
  portfolio: '/portfolios/:id',
  investment: '/investments/:id',
} as const;

const SCREEN_PATTERNS = Object.values(SCREEN_PATHS).map(
  // Case-insensitive, as Wouter matches routes.
  (path) => new RegExp(`^${path.replace(/:[a-z]+/g, '[^/]+')}/?$`, 'i'),
);

/** Whether `path` is one of the guarded screens (not Login, not an unknown address). */
export function isScreenPath(path: string): boolean {
  return SCREEN_PATTERNS.some((pattern) => pattern.test(path));
}

/** The query that opens Add investment for one portfolio (its screen's plus link). */
export const PORTFOLIO_PARAM = 'portfolio';

export function investmentCreateHref(portfolioId?: string): string {
  const path = SCREEN_PATHS.investmentCreate;
  return portfolioId ? `${path}?${new URLSearchParams({ [PORTFOLIO_PARAM]: portfolioId })}` : path;
}
