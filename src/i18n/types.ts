// What a language's catalogue is: its own file, as the catalogues and the loader all use it.
import type { en } from './en';
import type { enSent } from './en-sent';
import type { Locale } from './locales';

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

/**
 * A feature's own texts in both languages, in a catalogue beside its screen
 * (src/ui/<feature>/<feature>-catalogue.ts) so they load with it and not at start.
 */
export type FeatureTexts<K extends string> = Readonly<Record<Locale, Readonly<Record<K, string>>>>;
