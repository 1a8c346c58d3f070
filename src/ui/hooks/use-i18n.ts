import { createContext, useCallback, useContext, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import {
  en,
  LOCALE_TAGS,
  translate,
  translateText,
  type Locale,
  type MessageKey,
  type Messages,
  type Params,
} from '../../i18n';
import { useAppChildren } from './app-actor';

export interface I18n {
  language: Locale;
  /** BCP-47 tag for Intl ('en-GB', 'da-DK'). */
  locale: string;
  t: (key: MessageKey, params?: Params) => string;
  /** A text the machines or the API sent in English, in the chosen language. */
  text: (english: string) => string;
}

export function makeI18n(language: Locale, messages: Messages): I18n {
  return {
    language,
    locale: LOCALE_TAGS[language],
    t: (key, params) => translate(messages, key, params),
    text: (english) => translateText(messages, english),
  };
}

const I18nContext = createContext<I18n>(makeI18n('en', en));

/** Supplies the chosen language to every text below (English when absent, as in tests of parts). */
export const I18nProvider = I18nContext.Provider;

/** `t('home.title')`, `text(machineMessage)` and the Intl `locale` of the chosen language. */
export function useT(): I18n {
  return useContext(I18nContext);
}

/** The language setting: what is chosen, its texts, and the intention to choose another. */
export function useLanguage() {
  const { settings: actor } = useAppChildren();
  const language = useSelector(actor, (s) => s.context.language);
  const messages = useSelector(actor, (s) => s.context.messages);
  const starting = useSelector(actor, (s) => s.hasTag('starting'));
  const i18n = useMemo(() => makeI18n(language, messages), [language, messages]);
  const select = useCallback(
    (next: Locale) => actor.send({ type: 'language.selected', language: next }),
    [actor],
  );
  return { i18n, starting, select };
}
