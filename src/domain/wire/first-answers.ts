// The first answers a page carries (issue 37): the Node server puts the answers of the calls a
// screen makes first into the HTML it sends a logged-in user, and the app takes them instead of
// asking. Here: their element and its text, which the server writes and the app reads.

/** The element's id: a JSON data block, which the browser never runs (the CSP allows no inline script). */
export const FIRST_ANSWERS_ID = 'first-answers';

/** Answer bodies by the path of their GET under /api/v1 (`/user/valuation`). */
export type FirstAnswers = Readonly<Record<string, unknown>>;

/**
 * The data block for `answers`. Every `<` is written as \u003c (still the same JSON), so no text
 * of the user's (a portfolio named `</script>`) can end the element or open a comment.
 */
export function firstAnswersBlock(answers: FirstAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}">${json}</script>`;
}

/** The answers in a data block's text; none when it is absent or not an object of answers. */
export function readFirstAnswers(text: string | null | undefined): Map<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return new Map(typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : []);
  } catch {
    return new Map();
  }
}
