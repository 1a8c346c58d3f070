import { describe, expect, it } from 'vitest';
import { da } from '../../src/i18n/da';
import {
  en,
  fill,
  loadMessages,
  pickLocale,
  translate,
  translateText,
  type MessageKey,
} from '../../src/i18n';
import { MESSAGES, throttledMessage } from '../../src/api/errors';
import { decimalsMessage, RULE_MESSAGES } from '../../src/machines/form-rules';
import {
  eventNotice,
  notRestoredNotice,
  restoringNotice,
} from '../../src/machines/notices.machine';
import { summarise } from '../../src/contract/validation';

describe('pickLocale', () => {
  it.each([
    [['da-DK', 'en'], 'da'],
    [['da'], 'da'],
    [['DA_dk'], 'da'],
    [['en-US', 'da'], 'en'],
    [['de-DE', 'da-DK'], 'da'],
    [['de-DE', 'fr'], 'en'],
    [[], 'en'],
  ] as const)('%j is %s', (languages, locale) => {
    expect(pickLocale(languages)).toBe(locale);
  });
});

describe('translate', () => {
  it('fills placeholders, leaving unknown ones as written', () => {
    expect(fill('Hi {name}, {name}! {other}', { name: 'Ada' })).toBe('Hi Ada, Ada! {other}');
    expect(translate(da, 'error.throttled', { seconds: 5 })).toBe(
      'For mange forespørgsler. Prøv igen om 5 sekunder.',
    );
    expect(translate(en, 'language.label')).toBe('Language');
  });

  it('loads Danish on demand, English at once', async () => {
    expect(await loadMessages('en')).toBe(en);
    expect(await loadMessages('da')).toEqual(da);
  });

  it('every Danish text is there, and keeps the English placeholders', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(da[key].trim(), key).not.toBe('');
      const names = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
      expect(names(da[key]), key).toEqual(names(en[key]));
    }
  });
});

describe('translateText', () => {
  it('finds a machine text by its English wording', () => {
    expect(translateText(da, RULE_MESSAGES.required)).toBe(da['rule.required']);
    expect(translateText(da, 'Must be a valid ISIN code')).toBe(da['rule.isin']);
  });

  it('reads placeholders back, translating a field name', () => {
    expect(translateText(da, decimalsMessage('money'))).toBe('Brug højst 6 decimaler.');
    expect(translateText(da, 'The share price field is required.')).toBe(
      'Feltet kurs skal udfyldes.',
    );
    expect(translateText(da, 'The email field must be at least 8 characters.')).toBe(
      'Feltet e-mail skal være mindst 8 tegn.',
    );
    expect(translateText(da, throttledMessage(1))).toBe(
      'For mange forespørgsler. Prøv igen om 1 sekund.',
    );
    expect(translateText(da, notRestoredNotice('split', MESSAGES.serverError))).toBe(
      `Aktiesplittet kunne ikke genskabes. ${translateText(da, MESSAGES.serverError)}`,
    );
    const summary = summarise({ a: ['The name field is required.'], b: ['x'] }).message;
    expect(translateText(da, summary)).toBe('Feltet navn skal udfyldes. (og 1 fejl mere)');
  });

  it('shows an unknown text as sent, and English as it is', () => {
    expect(translateText(da, 'Something new.')).toBe('Something new.');
    expect(translateText(en, RULE_MESSAGES.required)).toBe(RULE_MESSAGES.required);
  });

  it('knows every message of the form rules, the API client and the event notices', () => {
    const kinds = ['buy', 'sell', 'dividend', 'split'] as const;
    const texts = [
      ...Object.values(RULE_MESSAGES),
      ...Object.values(MESSAGES),
      ...kinds.flatMap((kind) => [eventNotice(kind, 'restored'), restoringNotice(kind)]),
    ];
    for (const text of texts) expect(translateText(da, text), text).not.toBe(text);
  });
});
