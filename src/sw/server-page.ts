// How the service worker answers a navigation to a page the server draws (SERVER_PAGES): the
// server's page, with the screen painted and its answers, when it comes in time and is of the
// build the worker has cached; else the cached page, as for every other address.
import { PAGE_BUILD_HEADER } from '../domain/wire/app-page';

/** How long the server's page may take to start (its head comes before its answers are computed). */
export const SERVER_PAGE_TIMEOUT_MS = 1_500;

export interface ServerPageSources {
  /** The page from the network; rejects offline. */
  network: () => Promise<Response>;
  /** The page the worker has cached (precached index.html). */
  cached: () => Promise<Response | undefined>;
  /** The revision of the cached index.html, which a server's page of the same build names. */
  revision: string | undefined;
  /** Resolves after `ms`; the worker's timer. */
  wait: (ms: number) => Promise<void>;
}

/**
 * The server's page if it starts within SERVER_PAGE_TIMEOUT_MS, answers 200 and names the cached
 * build; otherwise (offline, slow, a newer deploy whose worker waits for the user) the cached page.
 * A page of another build would load that build's code beside this worker's cache.
 */
export async function serverPageFirst(sources: ServerPageSources): Promise<Response> {
  const timedOut = sources.wait(SERVER_PAGE_TIMEOUT_MS).then(() => undefined);
  const page = await Promise.race([sources.network().catch(() => undefined), timedOut]);
  if (
    page?.status === 200 &&
    sources.revision !== undefined &&
    page.headers.get(PAGE_BUILD_HEADER) === sources.revision
  )
    return page;
  // The cached page, or whatever the network gives when nothing is cached (never the case once
  // the worker is installed).
  return (await sources.cached()) ?? page ?? sources.network();
}
