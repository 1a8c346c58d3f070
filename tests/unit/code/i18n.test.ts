import { describe, expect, it } from 'vitest';
import { da, danish } from '../../../src/i18n/da';
import { enSent } from '../../../src/i18n/en-sent';
import {
  en,
  english,
  fill,
  loadCatalogue,
  pickLocale,
  translate,
  type MessageKey,
  type SentKey,
} from '../../../src/i18n';
import { MESSAGES, throttledMessage } from '../../../src/api/errors';
import { ambiguousDecimalHint } from '../../../src/domain/numbers';
import { decimalsMessage, RULE_MESSAGES } from '../../../src/machines/forms/form-rules';
import { undoneNotice, undoQuestion } from '../../../src/machines/import/import-history.machine';
import {
  eventNotice,
  notRestoredNotice,
  restoringNotice,
} from '../../../src/machines/app/notices.machine';
import { summarise } from '../../../src/contract/validation';
import { RESET_LINK_MESSAGES } from '../../../src/contract/routes/auth.routes';
import type { FeatureTexts } from '../../../src/i18n';
import { ALLOCATION_TEXTS } from '../../../src/ui/allocation/allocation-catalogue';
import { CASH_TEXTS } from '../../../src/ui/cash/cash-catalogue';
import { EVENT_TEXTS } from '../../../src/ui/events/event-catalogue';
import { HISTORY_TEXTS } from '../../../src/ui/history/history-catalogue';
import { INCOME_TEXTS } from '../../../src/ui/income/income-catalogue';
import { INVESTMENT_TEXTS } from '../../../src/ui/investments/investment-catalogue';
import { PORTFOLIO_TEXTS } from '../../../src/ui/portfolios/portfolio-catalogue';
import { TAX_CLASS_TEXTS } from '../../../src/ui/reports/tax-class-catalogue';
import { RETURNS_TEXTS } from '../../../src/ui/returns/returns-catalogue';

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
    expect(translate(da, 'event.held', { shares: '5' })).toBe(
      'Du kan højst sælge de 5 aktier, du ejer.',
    );
    expect(translate(en, 'language.label')).toBe('Language');
  });

  it('loads Danish on demand, English at once', async () => {
    expect(await loadCatalogue('en')).toBe(english);
    expect(await loadCatalogue('da')).toBe(danish);
  });

  it('every Danish text is there, and keeps the English placeholders', () => {
    const all: Record<MessageKey | SentKey, string> = { ...en, ...enSent };
    for (const key of Object.keys(all) as (MessageKey | SentKey)[]) {
      expect(da[key].trim(), key).not.toBe('');
      const names = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
      expect(names(da[key]), key).toEqual(names(all[key]));
    }
  });
});

describe("the features' own catalogues", () => {
  const features: Record<string, FeatureTexts<string>> = {
    ...{ ALLOCATION_TEXTS, CASH_TEXTS, EVENT_TEXTS, HISTORY_TEXTS, INCOME_TEXTS },
    ...{ INVESTMENT_TEXTS, PORTFOLIO_TEXTS, TAX_CLASS_TEXTS, RETURNS_TEXTS },
  };

  it.each(Object.entries(features))(
    '%s: every text in Danish, with the English placeholders, none a main key',
    (_, texts) => {
      const names = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
      for (const [key, english] of Object.entries(texts.en)) {
        const danish = texts.da[key] ?? '';
        expect(danish.trim(), key).not.toBe('');
        expect(names(danish), key).toEqual(names(english));
        // useT(texts) would hide a main text of the same key.
        expect(Object.hasOwn(en, key), key).toBe(false);
      }
    },
  );
});

describe('a sent text in Danish', () => {
  it('writes a figure the Danish way', () => {
    expect(danish.text(RULE_MESSAGES.tooLarge)).toBe('Må højst være 1.000.000.000.');
    expect(danish.text(RULE_MESSAGES.digits)).toBe('Brug højst 15 cifre.');
    expect(danish.text('The shares field must not have more than 15 significant digits.')).toBe(
      'Feltet antal må højst have 15 betydende cifre.',
    );
    expect(danish.text('You can sell at most the 1,234.5 shares you hold.')).toBe(
      'Du kan højst sælge de 1.234,5 aktier, du ejer.',
    );
    expect(danish.text('The shares field must not be greater than 2500.')).toBe(
      'Feltet antal må ikke være større end 2.500.',
    );
    expect(danish.text(ambiguousDecimalHint('1.500') ?? '')).toBe(
      'Gemmes som 1,5 (punktummet er et decimaltegn). Mente du 1500? Skriv det uden punktummet.',
    );
  });

  it('finds a machine text by its English wording', () => {
    expect(danish.text(RULE_MESSAGES.required)).toBe(da['rule.required']);
    expect(danish.text('Must be a valid ISIN code')).toBe(da['rule.isin']);
  });

  it('reads placeholders back, translating a field name', () => {
    expect(danish.text(decimalsMessage('money'))).toBe('Brug højst 6 decimaler.');
    expect(danish.text('The share price field is required.')).toBe('Feltet kurs skal udfyldes.');
    expect(danish.text('The email field must be at least 8 characters.')).toBe(
      'Feltet e-mail skal være mindst 8 tegn.',
    );
    expect(danish.text(throttledMessage(1))).toBe(
      'For mange forespørgsler. Prøv igen om 1 sekund.',
    );
    expect(danish.text(notRestoredNotice('split', MESSAGES.serverError))).toBe(
      `Aktiesplittet kunne ikke genskabes. ${danish.text(MESSAGES.serverError)}`,
    );
    const summary = summarise({ a: ['The name field is required.'], b: ['x'] }).message;
    expect(danish.text(summary)).toBe('Feltet navn skal udfyldes. (og 1 fejl mere)');
  });

  it("words an import's Undo question and notice in Danish, the portfolio's name kept", () => {
    const batch = (events: number, removes: string[]) => ({
      ...{ id: 1, portfolio_id: 1, portfolio_name: 'Nordnet depot', source: 'nordnet' as const },
      ...{ file_name: null, account: null, created_at: '2026-11-27T09:00:00Z', events },
      ...{ counts: { imported: events, duplicates: 0, skipped: 0, errors: 0 } },
      removes_portfolios: removes,
    });
    expect(danish.text(undoQuestion(batch(34, ['Nordnet depot'])))).toBe(
      'Fjern 34 hændelser og porteføljen Nordnet depot?',
    );
    expect(danish.text(undoQuestion(batch(1, [])))).toBe('Fjern 1 hændelse?');
    expect(danish.text(undoQuestion(batch(2, ['A', 'B'])))).toBe(
      'Fjern 2 hændelser og porteføljerne A, B?',
    );
    expect(danish.text(undoneNotice(batch(34, [])))).toBe('Import fortrudt: 34 hændelser fjernet.');
  });

  it('words the contract’s refusals of an event and of an import’s Undo whole, none half English', () => {
    expect(
      danish.text('The shares field must not be greater than 10, the shares held on 2024-01-01.'),
    ).toBe('Feltet antal må ikke være større end 10, det antal, du ejede den 2024-01-01.');
    expect(
      danish.text(
        'This would leave 1,234.5 shares for the sale of 2024-01-01, which sells 2,000. Nothing was undone.',
      ),
    ).toBe(
      'Så ville der kun være 1.234,5 aktier tilbage til salget den 2024-01-01, som sælger 2.000. Intet blev fortrudt.',
    );
    expect(
      danish.text('1 event of this import was edited since it was imported. Nothing was undone.'),
    ).toBe('1 hændelse i importen er ændret, siden den blev importeret. Intet blev fortrudt.');
    expect(danish.text('1 row has errors. Nothing was imported.')).toBe(
      '1 række har fejl. Intet blev importeret.',
    );
  });

  it('words the import’s row warnings and the market’s absence in Danish', () => {
    for (const text of [
      'Imported again although the portfolio has this row already.',
      'The portfolio has an event of this day with the same figures.',
      'The external id is the same as on line 4.',
      'The price on line 4 is for the same day.',
      'The instrument could not be checked.',
      'The portfolio has no investment of this instrument, and no event of this import creates one.',
      'The price sources cannot be reached now; try again in a minute.',
      'You can sell at most the 1 share you hold.',
    ])
      expect(danish.text(text), text).not.toBe(text);
  });

  it('shows an unknown text as sent, and English as it is', () => {
    expect(danish.text('Something new.')).toBe('Something new.');
    expect(english.text(RULE_MESSAGES.required)).toBe(RULE_MESSAGES.required);
  });

  it('knows every message of the form rules, the API client and the event notices', () => {
    const kinds = ['buy', 'sell', 'dividend', 'split'] as const;
    const texts = [
      ...Object.values(RULE_MESSAGES),
      ...Object.values(MESSAGES),
      ...kinds.flatMap((kind) => [eventNotice(kind, 'restored'), restoringNotice(kind)]),
    ];
    for (const text of texts) expect(danish.text(text), text).not.toBe(text);
  });

  it('knows every answer of Forgot password: e-mailed, in the server log, in Demo tools', () => {
    for (const text of Object.values(RESET_LINK_MESSAGES))
      expect(danish.text(text), text).not.toBe(text);
  });

  it('finds every sent text by its own template, whatever its placeholders hold', () => {
    // A comma in a name once let the UI's '{label}, {name}' take a deletion summary.
    for (const key of Object.keys(enSent) as SentKey[]) {
      const names = [...enSent[key].matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
      const params = Object.fromEntries(names.map((name) => [name, 'Novo, B']));
      expect(danish.text(fill(enSent[key], params)), key).toBe(fill(da[key], params));
    }
  });
});
