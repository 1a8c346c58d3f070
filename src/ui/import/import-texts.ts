// What every step of the import screen shares: the import flow's view, and the screen's texts.
import { fill, type Locale } from '../../i18n';
import { IMPORT_TEXTS, type ImportKey, type ImportTexts } from './import-catalogue';
import { useT } from '../app/use-i18n';
import type { useImport } from './use-import';

export type Flow = ReturnType<typeof useImport>;
export type ScreenTexts = ImportTexts & {
  t: (key: ImportKey, params?: Record<string, string | number>) => string;
};

/** The screen's texts in the chosen language, and a filler for its placeholders. */
export function useImportTexts(): ScreenTexts & { locale: string; language: Locale } {
  const { language, locale } = useT();
  const texts = IMPORT_TEXTS[language];
  return { ...texts, t: (key, params) => fill(texts.texts[key], params), locale, language };
}
