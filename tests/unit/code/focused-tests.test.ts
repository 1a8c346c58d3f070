// The lint rule against focused tests (eslint.config.js): a stray `.only` would skip the rest of
// the suite unseen, so lint refuses it in every test file, vitest's and Playwright's alike.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'no-restricted-syntax';
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** The rule's messages for `code` linted as the file at `path`. */
async function messages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${ROOT}${path}` });
  return result.messages.map((message) => message.message);
}

const FOCUSED = 'A focused test skips the rest of the suite: remove `.only`.';

describe('focused tests', () => {
  it.each([
    ["it.only('adds', () => {});", 'tests/unit/domain/money.test.ts'],
    ["describe.only('money', () => {});", 'tests/unit/domain/money.test.ts'],
    ["test.only('logs in', async () => {});", 'tests/e2e/account/auth.spec.ts'],
    ["test.describe.only('guards', () => {});", 'tests/e2e/account/auth.spec.ts'],
  ])('refuses %s in %s', async (code, path) => {
    expect(await messages(path, code)).toEqual([FOCUSED]);
  });

  it('lets the same tests run unfocused', async () => {
    const code = "it('adds', () => {});\ntest.describe('guards', () => {});\n";
    expect(await messages('tests/unit/domain/money.test.ts', code)).toEqual([]);
  });
});
