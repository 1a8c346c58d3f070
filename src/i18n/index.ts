// Danish and English (issue 15): typed catalogues, placeholders and the browser's language.
// Plain TypeScript: the machines and the UI both use it. English is always loaded (it is the
// fallback); another language loads on demand, with the English texts the machines and the API
// send, by which it finds their translations.
import { en } from './en';
import type { enSent } from './en-sent';
import { fill, type Params } from './fill';
import type { Locale } from './locales';

export * from './locales';
export { fill, type Params };

export type MessageKey = keyof typeof en;
export type SentKey = keyof typeof enSent;
/** The texts of the screens. */
export type Messages = Readonly<Record<MessageKey, string>>;
/** A complete translation, screens and sent texts: TypeScript refuses one that misses a key. */
export type Translation = Readonly<Record<MessageKey | SentKey, string>>;

/** A language's texts, and how it shows a text the machines or the API sent in English. */
export interface Catalogue {
  messages: Messages;
  text: (english: string) => string;
}

export { en };

/** The sent texts are English already. */
export const english: Catalogue = { messages: en, text: (sent) => sent };

/** The catalogue of a language; Danish is a chunk of its own, loaded when chosen. */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return locale === 'da' ? import('./da').then((m) => m.danish) : Promise.resolve(english);
}

export function translate(messages: Messages, key: MessageKey, params?: Params): string {
  return fill(messages[key], params);
}
