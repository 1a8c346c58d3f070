// A text the machines or the API sent in English (a form rule's message, the contract's errors,
// a toast), in another language: found by its English wording, its placeholders read back out
// of it. Loaded only with another language, as it needs every English text.
import { en } from './en';
import { enSent } from './en-sent';
import { fill } from './fill';
import type { Translation } from './types';
import { formatExactShares } from '../domain/numbers';

type Key = keyof Translation;

interface Template {
  key: Key;
  pattern: RegExp;
  names: string[];
}

const english: Translation = { ...en, ...enSent };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Placeholders the machines and the API fill with a figure, written the English way. */
const FIGURES = new Set(['held', 'max', 'min', 'shares', 'value']);
const ENGLISH_FIGURE = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

let index: { exact: Map<string, Key>; templates: Template[] } | undefined;

/** English text to key, built once: exact texts, and templates with placeholders as patterns. */
function englishIndex() {
  if (index) return index;
  const exact = new Map<string, Key>();
  const templates: Template[] = [];
  for (const key of Object.keys(english) as Key[]) {
    const text = english[key];
    if (!exact.has(text)) exact.set(text, key);
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    // A template of placeholders only would match any text.
    if (names.length === 0 || text.replace(/\{\w+\}/g, '').trim() === '') continue;
    const source = text
      .split(/\{\w+\}/)
      .map(escape)
      .join('(.+?)');
    templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  // The most specific first: a short template such as '{label}, {name}' matches nearly anything.
  // But a wrapper of a message first ('{message} Nothing was undone.'): the message it wraps
  // may end in a placeholder, which would take the wrapper's words in.
  const fixedLength = (t: Template) => english[t.key].replace(/\{\w+\}/g, '').length;
  const wraps = (t: Template) => (english[t.key].startsWith('{message}') ? 1 : 0);
  templates.sort((a, b) => wraps(b) - wraps(a) || fixedLength(b) - fixedLength(a));
  index = { exact, templates };
  return index;
}

/**
 * Shows sent texts in `messages`: a field name ('attribute.*') and a nested message ({message})
 * are translated too, and a figure is written as `locale` writes it. A text the catalogue does
 * not know is shown as sent.
 */
export function sentTextTranslator(messages: Translation, locale: string) {
  const translateSent = (text: string): string => {
    const { exact, templates } = englishIndex();
    const key = exact.get(text);
    if (key) return messages[key];
    for (const template of templates) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const params: Record<string, string> = {};
      template.names.forEach((name, i) => {
        const value = match[i + 1] ?? '';
        const attribute = exact.get(value);
        if (name === 'message') params[name] = translateSent(value);
        else if (attribute?.startsWith('attribute.')) params[name] = messages[attribute];
        else if (FIGURES.has(name) && ENGLISH_FIGURE.test(value))
          params[name] = formatExactShares(Number(value.replaceAll(',', '')), locale);
        else params[name] = value;
      });
      return fill(messages[template.key], params);
    }
    return text;
  };
  return translateSent;
}
