// Which project a test is for, said in its details: the other project leaves it out by its tag
// (playwright.config.ts's grepInvert), so it never starts there. A test that skipped itself in its
// body had already paid for its page and, on the server, for a reset of the data.

/** What only a server shows: data shared by browsers, HttpOnly cookies, the live build. */
export const SERVER_ONLY = { tag: '@server-only' } as const;

/** What only the demo has: Demo tools, the credentials on the Login overlay, its mock server. */
export const DEMO_ONLY = { tag: '@demo-only' } as const;

/** Matches a test by its tag, for a project's grepInvert. */
export function tagged({ tag }: { tag: string }): RegExp {
  return new RegExp(`${tag}\\b`);
}
