import { createContext, useCallback, useContext, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import {
  english,
  fill,
  LOCALE_TAGS,
  translate,
  type Catalogue,
  type FeatureTexts,
  type Locale,
  type MessageKey,
  type Params,
} from '../../i18n';
import { useAppChildren } from './app-actor';

/** The chosen language's texts; `K`, the keys of a feature's own catalogue besides the main ones. */
export interface I18n<K extends string = never> {
  language: Locale;
  /** BCP-47 tag for Intl ('en-GB', 'da-DK'). */
  locale: string;
  t: (key: MessageKey | K, params?: Params) => string;
  /** A text the machines or the API sent in English, in the chosen language. */
  text: (english: string) => string;
}

export function makeI18n(language: Locale, catalogue: Catalogue): I18n {
  return {
    language,
    locale: LOCALE_TAGS[language],
    t: (key, params) => translate(catalogue.messages, key, params),
    text: catalogue.text,
  };
}

const I18nContext = createContext<I18n>(makeI18n('en', english));

/** Supplies the chosen language to every text below (English when absent, as in tests of parts). */
export const I18nProvider = I18nContext.Provider;

/**
 * `t('home.title')`, `text(machineMessage)` and the Intl `locale` of the chosen language; given a
 * feature's catalogue, `t` finds its keys too.
 */
export function useT(): I18n;
export function useT<K extends string>(feature: FeatureTexts<K>): I18n<K>;
export function useT<K extends string>(feature?: FeatureTexts<K>): I18n<K> {
  const i18n = useContext(I18nContext);
  return useMemo(() => {
    if (!feature) return i18n as I18n<K>; // K is never then (the overload without a catalogue)
    const texts: Readonly<Record<string, string>> = feature[i18n.language];
    const t = (key: MessageKey | K, params?: Params) =>
      Object.hasOwn(texts, key)
        ? fill(texts[key] ?? key, params)
        : i18n.t(key as MessageKey, params);
    return { ...i18n, t };
  }, [i18n, feature]);
}

/** The language setting: what is chosen, its texts, and the intention to choose another. */
export function useLanguage() {
  const { settings: actor } = useAppChildren();
  const language = useSelector(actor, (s) => s.context.language);
  const catalogue = useSelector(actor, (s) => s.context.catalogue);
  const starting = useSelector(actor, (s) => s.hasTag('starting'));
  const i18n = useMemo(() => makeI18n(language, catalogue), [language, catalogue]);
  const select = useCallback(
    (next: Locale) => actor.send({ type: 'language.selected', language: next }),
    [actor],
  );
  return { i18n, starting, select };
}
