// The app's Content-Security-Policy, one source for the built index.html (a meta tag, for any
// static host), `vite preview` and the Node server (headers). The build runs no inline script and
// no eval, so scripts come only from the app's own origin.

export interface PolicyOptions {
  /** Origins the app calls besides its own: a live build's API on another origin. */
  connectTo?: readonly string[];
  /** Browsers ignore frame-ancestors in a meta tag, and say so on the console. */
  delivery: 'header' | 'meta';
}

export function contentSecurityPolicy({ connectTo = [], delivery }: PolicyOptions): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    // React sets `style` props through the CSSOM, which style-src does not govern.
    "style-src 'self'",
    // The stylesheet draws its select arrows as data: SVGs.
    "img-src 'self' data:",
    ["connect-src 'self'", ...connectTo].join(' '),
    "font-src 'self'",
    // The service worker and the web app manifest, both the app's own files.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  if (delivery === 'header') directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}

/**
 * The API origin a build calls besides its own: VITE_API_URL's origin in live mode. Empty means
 * the page's own origin; the demo answers inside the page. A value that is no URL fails the build.
 */
export function apiSources(mode: string | undefined, apiUrl: string | undefined): string[] {
  if (mode !== 'live' || !apiUrl) return [];
  return [new URL(apiUrl).origin];
}
