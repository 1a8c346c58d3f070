// Display settings (product-spec section 2 "Settings toggles"), kept in cookies as 'true'/'false',
// privacy mode (the top bar's Hide amounts) and the language, kept in local storage.
import { assign, fromPromise, setup } from 'xstate';
import {
  english,
  isLocale,
  loadCatalogue,
  pickLocale,
  type Catalogue,
  type Locale,
} from '../../i18n';
import type { Platform } from './platform';

export const SETTING_KEYS = ['show_currency', 'show_decimals', 'hide_sold_investments'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type Settings = Record<SettingKey, boolean>;

/**
 * Kept in local storage, and copied to a cookie of the same name: the Node server's first paint
 * of home (src/first-paint.tsx) must mask amounts on a device that hides them before any script
 * has run. The language is copied so too.
 */
export const HIDE_AMOUNTS_KEY = 'hide_amounts';

/** Whether the charts show the benchmark's line beside the value (issue 38); off until asked. */
export const COMPARE_BENCHMARK_KEY = 'compare_benchmark';

/** The language chosen in Profile; without it, the browser's languages decide. Local storage too. */
export const LANGUAGE_KEY = 'language';

export type SettingsEvent =
  | { type: 'setting.toggled'; key: SettingKey }
  | { type: 'privacy.toggled' }
  | { type: 'benchmark.toggled' }
  | { type: 'language.selected'; language: Locale };

export interface SettingsInput {
  platform: Platform;
}

export interface SettingsContext {
  platform: Platform;
  settings: Settings;
  /** Privacy mode: amounts are masked on every screen, percentages stay. */
  hideAmounts: boolean;
  /** The charts show the benchmark's line beside the value: kept on the device, like hideAmounts. */
  compareBenchmark: boolean;
  language: Locale;
  /** The texts on screen: the chosen language's once loaded, the previous ones until then. */
  catalogue: Catalogue;
}

/** Every setting defaults to true; only the cookie 'false' turns one off. */
export function readSettings(platform: Platform): Settings {
  const read = (key: SettingKey) => platform.cookies.get(key) !== 'false';
  return {
    show_currency: read('show_currency'),
    show_decimals: read('show_decimals'),
    hide_sold_investments: read('hide_sold_investments'),
  };
}

/** The stored choice, else the first of the browser's languages that Formue speaks. */
export function readLanguage(platform: Platform): Locale {
  const stored = platform.storage.get(LANGUAGE_KEY);
  return isLocale(stored) ? stored : pickLocale(platform.languages());
}

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
    tags: {} as 'starting',
  },
  actors: {
    loadCatalogue: fromPromise<Catalogue, { language: Locale }>(({ input }) =>
      loadCatalogue(input.language),
    ),
  },
  actions: {
    writeCookie: ({ context }, params: { key: SettingKey }) =>
      context.platform.cookies.set(params.key, String(context.settings[params.key])),
    writeHideAmounts: ({ context }) => {
      context.platform.storage.set(HIDE_AMOUNTS_KEY, String(context.hideAmounts));
      context.platform.cookies.set(HIDE_AMOUNTS_KEY, String(context.hideAmounts));
    },
    writeCompareBenchmark: ({ context }) =>
      context.platform.storage.set(COMPARE_BENCHMARK_KEY, String(context.compareBenchmark)),
    writeLanguage: ({ context }) => {
      context.platform.storage.set(LANGUAGE_KEY, context.language);
      context.platform.cookies.set(LANGUAGE_KEY, context.language);
    },
    writeAllCookies: ({ context }) => {
      for (const key of SETTING_KEYS) {
        context.platform.cookies.set(key, String(context.settings[key]));
      }
      context.platform.cookies.set(HIDE_AMOUNTS_KEY, String(context.hideAmounts));
      // The choice only: without one, the server follows the browser's languages as the app does.
      const chosen = context.platform.storage.get(LANGUAGE_KEY);
      context.platform.cookies.set(LANGUAGE_KEY, isLocale(chosen) ? chosen : '');
    },
  },
  guards: {
    isEnglish: ({ context }) => context.language === 'en',
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    platform: input.platform,
    settings: readSettings(input.platform),
    hideAmounts: input.platform.storage.get(HIDE_AMOUNTS_KEY) === 'true',
    compareBenchmark: input.platform.storage.get(COMPARE_BENCHMARK_KEY) === 'true',
    language: readLanguage(input.platform),
    catalogue: english,
  }),
  // The cookies hold every setting from the start (defaults too), for a year from the last visit,
  // and the copies of privacy mode and the language the server's first paint reads.
  entry: 'writeAllCookies',
  initial: 'starting',
  on: {
    'setting.toggled': {
      actions: [
        assign({
          settings: ({ context, event }) => ({
            ...context.settings,
            [event.key]: !context.settings[event.key],
          }),
        }),
        { type: 'writeCookie', params: ({ event }) => ({ key: event.key }) },
      ],
    },
    'privacy.toggled': {
      actions: [assign({ hideAmounts: ({ context }) => !context.hideAmounts }), 'writeHideAmounts'],
    },
    'benchmark.toggled': {
      actions: [
        assign({ compareBenchmark: ({ context }) => !context.compareBenchmark }),
        'writeCompareBenchmark',
      ],
    },
    'language.selected': {
      target: '.switching',
      actions: [assign({ language: ({ event }) => event.language }), 'writeLanguage'],
    },
  },
  states: {
    starting: {
      description: 'Loading the first language: the app waits, so it never flashes English.',
      tags: 'starting',
      always: { guard: 'isEnglish', target: 'ready' },
      invoke: {
        src: 'loadCatalogue',
        input: ({ context }) => ({ language: context.language }),
        onDone: { target: 'ready', actions: assign({ catalogue: ({ event }) => event.output }) },
        // The chunk cannot load (offline on a first visit): English rather than nothing.
        onError: 'ready',
      },
    },
    switching: {
      description: 'The previous language stays on screen until the chosen one has loaded.',
      invoke: {
        src: 'loadCatalogue',
        input: ({ context }) => ({ language: context.language }),
        onDone: { target: 'ready', actions: assign({ catalogue: ({ event }) => event.output }) },
        onError: 'ready',
      },
    },
    ready: {},
  },
});
