// The app's page as the Node server sends it to a logged-in user (issue 37): drawn from its
// answers. The service worker fetches these pages from the server first, and takes one only from
// the build it has cached (src/sw/server-page.ts), so a page never runs chunks of two builds.

/** The addresses whose page the server draws (src/contract/first-calls.ts's FIRST_CALLS). */
export const SERVER_PAGES: readonly string[] = ['/home'];

/**
 * The header naming the build a page is of: the MD5 of the build's index.html in hex, which is
 * also the revision Workbox gives index.html in the service worker's precache.
 */
export const PAGE_BUILD_HEADER = 'X-Formue-Build';
