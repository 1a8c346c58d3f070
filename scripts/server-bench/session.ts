// HTTP with a cookie jar, as a browser session: the bench's client of the server's API.
import { get, type Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PASSWORD } from './settings';

export class Session {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  /** The CSRF token a write sends back in X-XSRF-TOKEN (Sanctum: the cookie, URL-decoded). */
  get xsrf(): string {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }

  /** The Cookie header: the session's cookies plus `extra`. */
  header(extra = ''): string {
    const own = [...this.cookies].map(([name, value]) => `${name}=${value}`);
    return [...own, ...(extra ? [extra] : [])].join('; ');
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: object,
    extraCookie = '',
  ): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Cookie: this.header(extraCookie),
    };
    if (method !== 'GET') {
      headers['X-XSRF-TOKEN'] = this.xsrf;
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(this.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  /**
   * A GET as a load tool times it: over `agent`'s kept-alive connections, from the request's
   * start to its answer's last byte, the body read but neither decoded nor parsed. Resolves to
   * the ms and the status.
   */
  wire(agent: Agent, path: string, extraCookie = ''): Promise<{ ms: number; status: number }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const request = get(
        this.base + path,
        { agent, headers: { Accept: 'application/json', Cookie: this.header(extraCookie) } },
        (response) => {
          response.on('data', () => undefined);
          response.once('end', () =>
            resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }),
          );
          response.once('error', reject);
        },
      );
      request.once('error', reject);
    });
  }

  /** As request, but anything other than `expected` is an error. */
  async expect(
    expected: number,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: object,
  ): Promise<unknown> {
    const answer = await this.request(method, path, body);
    if (answer.status !== expected)
      throw new Error(
        `${method} ${path}: ${answer.status}, expected ${expected}: ${JSON.stringify(answer.body)}`,
      );
    return answer.body;
  }
}

/** The `data.id` of a 201 answer. */
export function createdId(body: unknown): number {
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  const id = typeof data === 'object' && data !== null && 'id' in data ? data.id : undefined;
  if (typeof id !== 'number') throw new Error(`No data.id in ${JSON.stringify(body)}`);
  return id;
}

export async function logIn(
  base: string,
  email: string,
  beforeLogin?: () => Promise<unknown>,
): Promise<Session> {
  const session = new Session(base);
  await session.expect(204, 'GET', '/sanctum/csrf-cookie');
  await beforeLogin?.();
  await session.expect(200, 'POST', '/api/v1/auth/login', { email, password: PASSWORD });
  return session;
}
