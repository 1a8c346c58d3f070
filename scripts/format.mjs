// Formats a file's text as `npm run lint:format` checks it: oxfmt with the repository's settings.
import { readFileSync } from 'node:fs';
import { format } from 'oxfmt';

const settings = JSON.parse(readFileSync(new URL('../.oxfmtrc.json', import.meta.url), 'utf8'));

/** `text` formatted as the file at `path` (its extension picks the language). */
export async function formatted(path, text) {
  const { code, errors } = await format(path, text, settings);
  if (errors.length > 0) throw new Error(`${path}: ${errors.map((e) => e.message).join('; ')}`);
  return code;
}
