// What every step of the import screen shares: the import flow's view, and the screen's texts.
import { fill, type Locale } from '../../i18n';
import { IMPORT_TEXTS, type ImportKey, type ImportTexts } from './import-catalogue';
import { useT } from '../app/use-i18n';
import type { useImport } from './use-import';

export type Flow = ReturnType<typeof useImport>;
export type ScreenTexts = ImportTexts & {
  t: (key: ImportKey, params?: Record<string, string | number>) => string;
  /** "1 row", "1,842 rows" ("1 række", "1.842 rækker"): a count with its word. */
  count: (noun: 'rows' | 'events', count: number) => string;
};

/** The screen's texts in the chosen language, and a filler for its placeholders. */
export function useImportTexts(): ScreenTexts & { locale: string; language: Locale } {
  const { language, locale } = useT();
  const texts = IMPORT_TEXTS[language];
  const t: ScreenTexts['t'] = (key, params) => fill(texts.texts[key], params);
  const count: ScreenTexts['count'] = (noun, n) =>
    n === 1
      ? t(noun === 'rows' ? 'import.rowsOne' : 'import.eventsOne')
      : t(noun === 'rows' ? 'import.rowsMany' : 'import.eventsMany', {
          count: new Intl.NumberFormat(locale).format(n),
        });
  return { ...texts, t, count, locale, language };
}
