// Requests and answers of the contract, free of any transport: the Mirage adapter and the Node
// server translate HTTP into a ContractRequest and an Answer back into HTTP.
import { PERIODS, DEFAULT_PERIOD, type Period } from '../domain/types';
import type { RecordedEvents, Valuer } from './figures';
import type { Market } from './market/market';
import type { RateSource } from './market/pricing';
import type { KeptAnswers } from './kept-answers';
import type { KeptReports } from './reports';
import type { InvestmentRow, Mailer, PasswordHasher, Session, Store } from './store';
import { summarise, type Errors, type Validator } from './validation';

export interface ContractRequest {
  method: string;
  /** The path without query, e.g. `/api/v1/portfolios/3`. */
  path: string;
  /** The query string's parameters, the first value of each. */
  query: Readonly<Record<string, string>>;
  header(name: string): string | undefined;
  cookies: Readonly<Record<string, string>>;
  /**
   * The body as text, read only when the contract asks: after the session, CSRF token and login
   * are checked, so no one without them makes the server read (or wait for) a large upload.
   */
  body(limit: number): Promise<RawBody>;
  /** The client's address, for throttling. */
  address: string;
}

/** A GET for JSON with these cookies, made in the process (a page's first answers, a start's). */
export function getRequest(
  path: string,
  cookies: Readonly<Record<string, string>>,
  address: string,
): ContractRequest {
  return {
    method: 'GET',
    path,
    query: {},
    header: (name) => (name.toLowerCase() === 'accept' ? 'application/json' : undefined),
    cookies,
    body: () => Promise.resolve({ text: '' }),
    address,
  };
}

/** A body as the transport read it, or why it could not be read. */
export type RawBody = { text: string } | { refused: 'tooLarge' | 'notUtf8' | 'unreadable' };

export interface Cookie {
  name: string;
  value: string;
  /** Only the server can keep a cookie from scripts; the mock cannot. */
  httpOnly: boolean;
  maxAgeSeconds: number;
}

export interface Answer {
  status: number;
  /** JSON body, or text with its Content-Type in `headers`; absent for 204. */
  body?: object | string;
  headers: Record<string, string>;
  cookies: Cookie[];
}

/** What a route handler may use. */
export interface Call {
  store: Store;
  hasher: PasswordHasher;
  request: ContractRequest;
  body: unknown;
  session: Session;
  /** The request came with no (live) session: this one is new. */
  freshSession: boolean;
  /** The logged-in user, for routes behind `auth:sanctum`. */
  userId: number;
  now: number;
  /**
   * Figures of these investments at the request's time and selected period; `also` (the
   * benchmark's holding) priced by the same snapshot of the market, one read of its states.
   */
  valuer(investments: readonly InvestmentRow[], also?: readonly InvestmentRow[]): Promise<Valuer>;
  /** Told by a write once committed: what the investment's events are at its new version. */
  recorded(change: RecordedEvents): void;
  /** Past years' reports kept between requests, under what they were made from. */
  reports: KeptReports;
  /** The home's answers kept while they stay exact (kept-answers.ts). */
  kept: KeptAnswers;
  market: Market;
  /** DKK rates as the market keeps them; read before a store transaction, which must not wait on other reads. */
  rates(): Promise<RateSource>;
  /** A route's other named path parameter (`{date}`), as sent. */
  param(name: string): string;
  /** A route's numeric `{id}`, or undefined when it is not one (then the answer is 404). */
  id(): number | undefined;
  /** The raw `{id}` segment, for Laravel's 404 text. */
  rawId: string;
  /** Laravel regenerates the session (new id and token) at login and logout. */
  regenerateSession(userId: number | null): void;
  /** "Remember me": a new long-lived token for the user, in the answer's remember cookie. */
  remember(userId: number): Promise<void>;
  /** Ends the request's remember token, if any, and removes its cookie. */
  forget(): Promise<void>;
  /** Whether the request carries a valid remember token of its user. */
  remembered(): Promise<boolean>;
  /** A new random token for a link, URL-safe, with the digest it is stored under. */
  mintToken(): Promise<{ token: string; hash: string }>;
  /** The digest a token is stored under. */
  digest(token: string): Promise<string>;
  mailer: Mailer;
  /**
   * Said by a creating route once its record is saved and it goes on to read the answer: should
   * that read fail, a retry under the same Idempotency-Key must not save the record again.
   */
  saved(): void;
  /** Lets other requests be answered: a long computation (an import's plan) awaits it between slices. */
  pause: () => Promise<void>;
  resetDemoData?: () => Promise<void>;
}

export type Access = 'public' | 'auth';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: Method;
  /** With `{id}` for the one parameter, e.g. `/api/v1/portfolios/{id}`. */
  path: string;
  access: Access;
  /**
   * A body larger than the default (DEFAULT_BODY_LIMIT): one past `bytes` is refused with 413 and
   * `message`, at once when its declared length says so, else once it is read.
   */
  maxBody?: BodyLimit;
  handle(call: Call): Promise<Answer>;
}

export interface BodyLimit {
  bytes: number;
  message: string;
}

/** Every route's body limit but a larger `maxBody`: the largest real request is a few hundred bytes. */
export const DEFAULT_BODY_LIMIT: BodyLimit = {
  bytes: 64 * 1024,
  message: 'The request body is too large.',
};

/**
 * JSON bodies' texts where they are at hand (a kept answer, issue 37), each equal to
 * `JSON.stringify` of its body: keyed by the body itself, so an answer given another body has none.
 */
const jsonTexts = new WeakMap<object, string>();

/** A JSON answer whose body's text is `text`, which a transport may send as it is. */
export function jsonWithText(status: number, body: object, text: string): Answer {
  jsonTexts.set(body, text);
  return json(status, body);
}

/** The body's text when it is at hand: a transport need not serialize the body again. */
export function jsonTextOf(answer: Answer): string | undefined {
  return typeof answer.body === 'object' ? jsonTexts.get(answer.body) : undefined;
}

export function json(status: number, body: object, headers: Record<string, string> = {}): Answer {
  return { status, body, headers, cookies: [] };
}

/** A body that is not JSON (a CSV download); `headers` name its Content-Type. */
export function text(status: number, body: string, headers: Record<string, string>): Answer {
  return { status, body, headers, cookies: [] };
}

export function noContent(): Answer {
  return { status: 204, headers: {}, cookies: [] };
}

/** Laravel's 422 of a request's errors (a FieldErrors, or an import row's Validator). */
export function unprocessable(validator: Pick<Validator, 'body422'>): Answer {
  return json(422, validator.body422());
}

export function unprocessableFor(errors: Errors): Answer {
  return json(422, summarise(errors));
}

type Model = 'Portfolio' | 'Investment' | 'Event' | 'Import' | 'CashEvent';

/** Laravel's ModelNotFoundException text. */
export function notFound(model: Model, id: string): Answer {
  return json(404, { message: `No query results for model [App\\Models\\${model}] ${id}` });
}

/** The route's `{id}` among the user's own rows, or Laravel's 404: another user's id is unknown. */
export async function owned<R extends { id: number }>(
  call: Call,
  model: Model,
  rows: Promise<readonly R[]>,
  answer: (row: R) => Promise<Answer>,
): Promise<Answer> {
  const id = call.id();
  const row = (await rows).find((candidate) => candidate.id === id);
  return row ? answer(row) : notFound(model, call.rawId);
}

/** `?dry_run=1`: the route answers what it would do and writes nothing. */
export function dryRun(request: ContractRequest): boolean {
  const value = request.query.dry_run;
  return value === '1' || value === 'true';
}

export function validateOnly(call: Call): boolean {
  const value = call.request.header('x-validate-only');
  return value === '1' || value === 'true';
}

export function selectedPeriod(cookies: Readonly<Record<string, string>>): Period {
  const value = cookies.selected_period;
  return PERIODS.find((p) => p === value) ?? DEFAULT_PERIOD;
}

/** A query string's parameters as the contract reads them: the first value of each name. */
export function queryOf(parameters: Iterable<[string, string]>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of parameters) query[name] ??= value;
  return query;
}
