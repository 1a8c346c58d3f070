// The answers a screen asks for first, for the page the server sends (issue 37): each is the
// contract's own answer to the GET the app would send, with the page's cookies, so it holds only
// what that session's user may read, and nothing when no user is logged in.
import type { FirstAnswers } from '../domain/wire/first-answers';
import { getRequest, type ContractRequest } from './answers';
import { FIRST_CALLS } from './first-calls';
import { REMEMBER_COOKIE, SESSION_COOKIE, type Contract } from './kernel';

/** Whether a page at `path` may carry answers: an address with first calls, and a session. */
export function mayCarryAnswers(path: string, cookies: Readonly<Record<string, string>>): boolean {
  return FIRST_CALLS[path] !== undefined && cookies[SESSION_COOKIE] !== undefined;
}

/**
 * The answers of the screen at `page.path`, by their path under /api/v1: only those answered 200.
 * The remember cookie is left out: logging in by it replaces the session and its cookies, which
 * only the app's own calls may do, so a visit whose session has ended carries nothing.
 */
export async function firstAnswers(
  contract: Contract,
  page: ContractRequest,
): Promise<FirstAnswers> {
  const calls = mayCarryAnswers(page.path, page.cookies) ? (FIRST_CALLS[page.path] ?? []) : [];
  const cookies = Object.fromEntries(
    Object.entries(page.cookies).filter(([name]) => name !== REMEMBER_COOKIE),
  );
  const answered = await Promise.all(
    calls.map(async (path) => {
      const answer = await contract.handle(getRequest(`/api/v1${path}`, cookies, page.address));
      return [path, answer] as const;
    }),
  );
  const answers: Record<string, unknown> = {};
  for (const [path, answer] of answered)
    if (answer.status === 200 && typeof answer.body === 'object') answers[path] = answer.body;
  return answers;
}
