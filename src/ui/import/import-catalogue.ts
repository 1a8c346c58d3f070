// The import screen's own texts, in both languages: like Profile's, they load with their screen
// alone (`npm run budget`). The parser's messages are codes (src/domain/import/messages.ts),
// worded here; TypeScript refuses a code or a Danish text that is missing.
import type { Locale } from '../../i18n/locales';
import { IMPORT_DA } from './import-catalogue-da';
import { IMPORT_EN, type ImportTexts } from './import-catalogue-en';

export type { ImportKey, ImportTexts } from './import-catalogue-en';

export const IMPORT_TEXTS: Readonly<Record<Locale, ImportTexts>> = { en: IMPORT_EN, da: IMPORT_DA };
