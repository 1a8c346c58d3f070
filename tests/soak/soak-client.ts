// An HTTP client that keeps cookies and sends the XSRF header as the SPA does, on a connection of
// its own per request (no keep-alive), so the fault proxy can treat a connection as a request.
import http from 'node:http';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The decoded JSON body; undefined when there is none. */
  body: unknown;
}

/** Only ends a hang: a request that never finishes fails like a dropped one. */
const HANG_MS = 30_000;

export class SoakClient {
  readonly cookies = new Map<string, string>();

  /** One request to 127.0.0.1:`port`; rejects when the connection drops before the answer. */
  send(
    port: number,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const token = this.cookies.get('XSRF-TOKEN');
    return new Promise<Reply>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent: false,
          timeout: HANG_MS,
          headers: {
            Accept: 'application/json',
            'X-Requested-With': 'XMLHttpRequest',
            ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}),
            ...(payload
              ? { 'Content-Type': 'application/json', 'Content-Length': payload.length }
              : {}),
            Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const at = pair.indexOf('=');
              this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
            }
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: text === '' ? undefined : (JSON.parse(text) as unknown),
              });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} hung`)));
      request.on('error', reject);
      request.end(payload);
    });
  }
}
