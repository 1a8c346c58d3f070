// Danish and English (issue 15): typed catalogues, placeholders and the browser's language.
// Plain TypeScript: the machines and the UI both use it. English is always loaded (it is the
// fallback and the key of every text the machines and the API send); Danish loads on demand.
import { en } from './en';

export type MessageKey = keyof typeof en;
/** A complete catalogue: TypeScript refuses a language that misses a key. */
export type Messages = Readonly<Record<MessageKey, string>>;
export type Params = Readonly<Record<string, string | number>>;

export const LOCALES = ['en', 'da'] as const;
export type Locale = (typeof LOCALES)[number];

/** BCP-47 tags for Intl: English with day-month dates, as in Denmark; Danish as in Denmark. */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = { en: 'en-GB', da: 'da-DK' };

/** Each language's name in itself, as a language switch shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', da: 'Dansk' };

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The first of the browser's languages that Formue speaks ('da-DK' is 'da'); else English. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return 'en';
}

export { en };

/** The catalogue of a language; Danish is a chunk of its own, loaded when chosen. */
export function loadMessages(locale: Locale): Promise<Messages> {
  return locale === 'da' ? import('./da').then((m) => m.da) : Promise.resolve(en);
}

/** `{name}` placeholders filled from `params`; an unknown placeholder stays as written. */
export function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

export function translate(messages: Messages, key: MessageKey, params?: Params): string {
  return fill(messages[key], params);
}

interface Template {
  key: MessageKey;
  pattern: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let englishIndex: { exact: Map<string, MessageKey>; templates: Template[] } | undefined;

/** English text to key, built once: exact texts, and templates with placeholders as patterns. */
function englishTexts() {
  if (englishIndex) return englishIndex;
  const exact = new Map<string, MessageKey>();
  const templates: Template[] = [];
  for (const key of Object.keys(en) as MessageKey[]) {
    const text = en[key];
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
  englishIndex = { exact, templates };
  return englishIndex;
}

/**
 * A text the machines or the API sent in English (a form rule's message, the contract's error
 * texts), in the chosen language: looked up by its English wording in the English catalogue,
 * with placeholders read back out of it. A field name or word ('attribute.*') and a nested message
 * ({message}) are translated too.
 * A text the catalogue does not know is shown as sent.
 */
export function translateText(messages: Messages, text: string): string {
  if (messages === en) return text;
  const { exact, templates } = englishTexts();
  const key = exact.get(text);
  if (key) return messages[key];
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    template.names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      const attribute = exact.get(value);
      if (name === 'message') params[name] = translateText(messages, value);
      else if (attribute?.startsWith('attribute.')) params[name] = messages[attribute];
      else params[name] = value;
    });
    return fill(messages[template.key], params);
  }
  return text;
}
