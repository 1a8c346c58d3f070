// An HTTP client that keeps cookies and sends the XSRF header, as the SPA does in a browser.

export interface NewHolding {
  isin: string;
  type: string;
  currency: string;
  price: number;
  shares?: number;
  date?: string;
}

/** A browser's cookie jar, reduced to what these tests need. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly setCookieLines: string[] = [];

  constructor(readonly origin: string) {}

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const token = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(token ? { 'X-XSRF-TOKEN': decodeURIComponent(token) } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      this.setCookieLines.push(line);
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async login() {
    await this.send('GET', '/sanctum/csrf-cookie');
    return this.send('POST', '/api/v1/auth/login', {
      email: 'demo@example.com',
      password: 'demo1234',
    });
  }

  /** A new account of its own, logged in. */
  async register(email = 'ida@example.com') {
    await this.send('GET', '/sanctum/csrf-cookie');
    return this.send('POST', '/api/v1/auth/register', {
      name: 'Ida',
      email,
      password: 'secret-password',
    });
  }

  /** A new investment named by its ISIN (or symbol), with its first buy, in the portfolio. */
  async buyNew(
    portfolioId: number,
    { isin, type, currency, price, shares = 10, date = '2026-03-02' }: NewHolding,
  ) {
    return this.json('POST', '/api/v1/investments', {
      investment: { portfolio_id: portfolioId, name: isin },
      instrument: { type, isin },
      buy_event: { fee: 0, shares, share_price: price, currency_code: currency, date },
    });
  }

  /** The JSON body of a request, with its status. */
  async json(method: string, path: string, body?: unknown) {
    const response = await this.send(method, path, body);
    const text = await response.text();
    // Decoded JSON, asserted on by the tests.
    const decoded = text === '' ? undefined : JSON.parse(text);
    return { status: response.status, body: decoded };
  }
}
