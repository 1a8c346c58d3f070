// Live mode pointed at the wrong thing, over real HTTP from Node: the app's own client against a
// server that is down, a host that answers 404 pages, and one that serves index.html everywhere.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi, createHttp, type Api } from '../../src/api';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A tiny HTTP server on a free port of 127.0.0.1; its origin. */
async function host(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The origin of a port nothing listens on: one that was free a moment ago. */
async function nothingListening(): Promise<string> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return `http://127.0.0.1:${port}`;
}

function apiAt(origin: string, online = true): Api {
  // No document.cookie in Node; no cookie is needed to see these answers.
  return createApi(createHttp({ origin, readCookie: () => undefined, isOnline: () => online }));
}

const INDEX_HTML = '<!doctype html><html><head><title>Some app</title></head><body></body></html>';

const login = (api: Api) => api.login({ email: 'demo@example.com', password: 'demo1234' });

describe('a server that is down', () => {
  it('names the address Formue cannot reach', async () => {
    const origin = await nothingListening();
    await expect(login(apiAt(origin))).rejects.toMatchObject({
      kind: 'network',
      message: `Formue cannot reach the server at ${origin}. Check that it is running and try again.`,
    });
  });

  it('says offline when the browser is offline', async () => {
    const origin = await nothingListening();
    await expect(apiAt(origin, false).checkAuth()).rejects.toMatchObject({
      kind: 'network',
      message: 'You appear to be offline. Check your connection and try again.',
    });
  });
});

describe('a host that is not the Formue API', () => {
  it('404 pages for every path: a wrong address, not "Not found"', async () => {
    const origin = await host((_request, response) => {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><h1>404 Not Found</h1>');
    });
    const api = apiAt(origin);
    const wrongAddress = {
      kind: 'foreign',
      status: 404,
      message: `${origin} does not answer like the Formue API. Check the API address.`,
    };
    await expect(login(api)).rejects.toMatchObject(wrongAddress);
    await expect(api.checkAuth()).rejects.toMatchObject(wrongAddress);
  });

  it('index.html with 200 for every path: a wrong address, not an unreadable answer', async () => {
    const origin = await host((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(INDEX_HTML);
    });
    const api = apiAt(origin);
    const wrongAddress = {
      kind: 'foreign',
      status: 200,
      message: `${origin} does not answer like the Formue API. Check the API address.`,
    };
    await expect(api.checkAuth()).rejects.toMatchObject(wrongAddress);
    await expect(login(api)).rejects.toMatchObject(wrongAddress);
  });
});

describe('the API itself', () => {
  it("keeps Laravel's 404 as not found", async () => {
    const origin = await host((_request, response) => {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: 'No query results for model.' }));
    });
    await expect(apiAt(origin).getPortfolioStats('9')).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      message: 'Not found. It may have been deleted.',
    });
  });
});

describe('a client that waits for its server (the demo, until Mirage is installed)', () => {
  it('sends nothing before `until` settles, then the call', async () => {
    const seen: string[] = [];
    const origin = await host((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ currency_codes: ['DKK'] }));
    });
    let install = () => {};
    const until = new Promise<void>((resolve) => (install = resolve));
    const api = createApi(createHttp({ origin, readCookie: () => undefined, until }));
    const call = api.getCurrencies();
    // A whole round trip of a client that does not wait: the held call has not been sent.
    await apiAt(origin)
      .getUser()
      .catch(() => undefined);
    expect(seen).toEqual(['/api/v1/user']);
    install();
    await expect(call).resolves.toEqual(['DKK']);
    expect(seen).toEqual(['/api/v1/user', '/api/v1/currencies']);
  });

  it('fails every call as "no answer" when the server never comes', async () => {
    const until = Promise.reject(new Error('chunk failed to load'));
    const api = createApi(
      createHttp({ origin: '', readCookie: () => undefined, isOnline: () => false, until }),
    );
    await expect(api.getCurrencies()).rejects.toMatchObject({
      kind: 'network',
      message: 'You appear to be offline. Check your connection and try again.',
    });
  });
});
