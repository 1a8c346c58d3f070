// The languages Formue speaks, and which of them a browser asks for.
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
