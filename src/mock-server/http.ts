// Request and response helpers shared by the route modules: Laravel's status codes and bodies.
import { Response, type Request } from 'miragejs';
import type { Tables, Session } from './db';
import { Valuer, type PriceSource } from './figures';
import { PERIODS, DEFAULT_PERIOD, type Period } from '../domain/types';
import { summarise, type Errors, type Validator } from './validation';

/** What route handlers may read and change. */
export interface Backend {
  tables: Tables;
  session: Session;
  now(): number;
  prices: PriceSource;
  /** Marks the data as changed, so it is persisted after the request. */
  changed(): void;
  /** Laravel regenerates the session token at login and logout. */
  rotateToken(): void;
  resetDemoData(): void;
}

export interface Call {
  backend: Backend;
  request: Request;
  /** The parsed JSON body; `{}` when absent or not JSON, as Laravel's input would be empty. */
  body: unknown;
  /** The logged-in user, for routes behind `auth:sanctum`. */
  userId: number;
  header(name: string): string | undefined;
  /** A route's numeric `{id}`, or undefined when it is not one (then the answer is 404). */
  id(): number | undefined;
  period(): Period;
}

export type Access = 'public' | 'auth';
export type Method = 'get' | 'post' | 'put' | 'patch';

export interface Route {
  method: Method;
  path: string;
  access: Access;
  handle(call: Call): Response;
}

export function json(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(status, { 'Content-Type': 'application/json', ...headers }, body);
}

export function noContent(): Response {
  return new Response(204, {}, '');
}

export function unprocessable(validator: Validator): Response {
  return json(422, validator.body422());
}

export function unprocessableFor(errors: Errors): Response {
  return json(422, summarise(errors));
}

/** Laravel's ModelNotFoundException text. */
export function notFound(model: 'Portfolio' | 'Investment', id: string | undefined): Response {
  return json(404, { message: `No query results for model [App\\Models\\${model}] ${id ?? ''}` });
}

export function validateOnly(call: Call): boolean {
  const value = call.header('x-validate-only');
  return value === '1' || value === 'true';
}

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function selectedPeriod(): Period {
  const value = readCookie('selected_period');
  return PERIODS.find((p) => p === value) ?? DEFAULT_PERIOD;
}

/** Figures at the request's time and selected period. */
export function valuer(call: Call): Valuer {
  const { backend } = call;
  return new Valuer(backend.tables, backend.prices, call.period(), backend.now());
}
