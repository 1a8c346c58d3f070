// The feature folders' lint zones (eslint.config.js): a feature is entered through its index.ts,
// and a shared kernel never imports a feature. Code is linted as if it were a file of the tree.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'import-x/no-restricted-paths';
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** The zone messages for `code` linted as the file at `path`. */
async function zoneMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return result.messages.map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

describe('the feature lint zones', () => {
  it('refuse a feature reaching into another feature past its index', async () => {
    const messages = await zoneMessages(
      'src/ui/home/home-screen.tsx',
      "export { useRename } from '../valuables/use-rename';\n",
    );
    expect(messages).toEqual([
      expect.stringContaining(`${RULE}: Unexpected path "../valuables/use-rename"`),
    ]);
    expect(messages[0]).toContain('src/ui/valuables/index.ts');
  });

  it("refuse a feature's UI reaching into its own machines past their index", async () => {
    const messages = await zoneMessages(
      'src/ui/import/use-import.ts',
      "export { previewLines } from '../../machines/import/import-flow';\n",
    );
    expect(messages).toEqual([expect.stringContaining('src/machines/import/index.ts')]);
  });

  it('refuse a shared kernel importing a feature, even through its index', async () => {
    const messages = await zoneMessages(
      'src/machines/data/selectors.ts',
      "export { quote } from '../prices';\n",
    );
    expect(messages).toEqual([expect.stringContaining('never imports a feature')]);
  });

  it('let a feature take another through its index', async () => {
    const messages = await zoneMessages(
      'src/ui/home/home-screen.tsx',
      "export { useRename } from '../valuables';\nexport { EventOverlay } from '../events';\n",
    );
    expect(messages).toEqual([]);
  });
});
