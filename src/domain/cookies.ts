// Reading a Cookie header (or document.cookie, which has the same form): the one parser for the
// API client, the machines' cookie jar, the mock server and the tests.

/**
 * Every cookie of `header` ("a=1; b=2"), URL-decoded. A pair without '=' and a value that is not
 * valid percent-encoding are skipped: none of ours looks like that, and a guessed value could be
 * sent on as a wrong token. When a name repeats, the first wins, as browsers list the cookie of
 * the most specific path first.
 */
export function parseCookies(header: string): Record<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1) continue;
    const name = pair.slice(0, at).trim();
    if (name === '' || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(pair.slice(at + 1).trim()));
    } catch {
      // Not percent-encoding: see above.
    }
  }
  // fromEntries defines own properties, so a cookie named __proto__ is only a cookie.
  return Object.fromEntries(cookies);
}

/** One cookie of `header`, URL-decoded, by the rules of parseCookies. */
export function readCookie(header: string, name: string): string | undefined {
  const cookies = parseCookies(header);
  return Object.hasOwn(cookies, name) ? cookies[name] : undefined;
}
