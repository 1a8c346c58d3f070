// What a language's catalogue is: its own file, as the catalogues and the loader all use it.
import type { en } from './en';
import type { enSent } from './en-sent';

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
