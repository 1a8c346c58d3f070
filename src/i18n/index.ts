// Danish and English (issue 15): typed catalogues, placeholders and the browser's language.
// Plain TypeScript: the machines and the UI both use it. English is always loaded (it is the
// fallback); another language loads on demand, with the English texts the machines and the API
// send, by which it finds their translations.
import { en } from './en';
import { fill, type Params } from './fill';
import type { Locale } from './locales';
import type { Catalogue, MessageKey, Messages } from './types';

export * from './locales';
export { fill, type Params };

export type { Catalogue, FeatureTexts, MessageKey, Messages, SentKey, Translation } from './types';

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
