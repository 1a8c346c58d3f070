// The service worker's answer to a navigation to a page the server draws (src/sw/server-page.ts):
// the server's page of the cached build when it comes in time; else the cached page.
import { describe, expect, it } from 'vitest';
import { FIRST_CALLS } from '../../../src/contract/first-calls';
import { PAGE_BUILD_HEADER, SERVER_PAGES } from '../../../src/domain/wire/app-page';
import {
  SERVER_PAGE_TIMEOUT_MS,
  serverPageFirst,
  type ServerPageSources,
} from '../../../src/sw/server-page';

const BUILD = 'bb1b7ba5ba767c234bdd9b4f4b2b14e0';

const serverPage = (build: string | undefined, status = 200) =>
  new Response('<div id="root"><main>painted</main></div>', {
    status,
    headers: build === undefined ? {} : { [PAGE_BUILD_HEADER]: build },
  });

const cachedPage = () => new Response('<div id="root"><p class="boot">Formue</p></div>');

/** Sources whose timer fires only when told, so a test decides which comes first. */
function sources(network: () => Promise<Response>) {
  let fire = () => {};
  const waited: number[] = [];
  const given: ServerPageSources = {
    network,
    cached: () => Promise.resolve(cachedPage()),
    revision: BUILD,
    wait: (ms) => {
      waited.push(ms);
      return new Promise<void>((resolve) => (fire = resolve));
    },
  };
  return { given, waited, timeOut: () => fire() };
}

const body = async (answer: Promise<Response>) => (await answer).text();

describe('a navigation to a page the server draws, in the service worker', () => {
  it("is the server's page when it is of the cached build", async () => {
    const { given, waited } = sources(() => Promise.resolve(serverPage(BUILD)));
    expect(await body(serverPageFirst(given))).toContain('painted');
    expect(waited).toEqual([SERVER_PAGE_TIMEOUT_MS]);
  });

  it('is the cached page offline', async () => {
    const { given } = sources(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await body(serverPageFirst(given))).toContain('boot');
  });

  it('is the cached page when the server has not started the page in time', async () => {
    const { given, timeOut } = sources(() => new Promise<Response>(() => undefined));
    const answer = serverPageFirst(given);
    timeOut();
    expect(await body(answer)).toContain('boot');
  });

  it('is the cached page when the server runs another build (a newer deploy waits for the user)', async () => {
    for (const build of ['0123456789abcdef0123456789abcdef', undefined]) {
      const { given } = sources(() => Promise.resolve(serverPage(build)));
      expect(await body(serverPageFirst(given))).toContain('boot');
    }
  });

  it('is the cached page when the server answers other than 200, or nothing is known cached', async () => {
    const failed = sources(() => Promise.resolve(serverPage(BUILD, 503)));
    expect(await body(serverPageFirst(failed.given))).toContain('boot');
    const unknown = sources(() => Promise.resolve(serverPage(BUILD)));
    expect(await body(serverPageFirst({ ...unknown.given, revision: undefined }))).toContain(
      'boot',
    );
  });

  it('is asked for exactly the pages with first answers', () => {
    expect([...SERVER_PAGES].sort()).toEqual(Object.keys(FIRST_CALLS).sort());
  });
});
