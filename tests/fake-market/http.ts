// The fake market's request and answer shapes, shared by the four services' handlers.

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string>;
  body: string;
}

export interface FakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The fake's clock: epoch ms. */
export type Clock = () => number;

export const JSON_UTF8 = 'application/json;charset=utf-8';

export function answer(status: number, contentType: string, body: string): FakeAnswer {
  return { status, headers: { 'Content-Type': contentType }, body };
}

export function json(status: number, value: unknown, contentType = JSON_UTF8): FakeAnswer {
  return answer(status, contentType, JSON.stringify(value));
}
