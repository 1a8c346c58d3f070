// Display settings (product-spec section 2 "Settings toggles"), kept in cookies as 'true'/'false',
// and privacy mode (the top bar's Hide amounts), kept in local storage.
import { assign, setup } from 'xstate';
import type { Platform } from './platform';

export const SETTING_KEYS = ['show_currency', 'show_decimals', 'hide_sold_investments'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type Settings = Record<SettingKey, boolean>;

export const SETTING_LABELS: Record<SettingKey, string> = {
  show_currency: 'Show currency',
  show_decimals: 'Show decimals',
  hide_sold_investments: 'Hide sold investments',
};

/**
 * Local storage, not a cookie: whether this device shows amounts is nothing the server needs,
 * and cookies travel with every request.
 */
export const HIDE_AMOUNTS_KEY = 'hide_amounts';

export type SettingsEvent =
  { type: 'setting.toggled'; key: SettingKey } | { type: 'privacy.toggled' };

export interface SettingsInput {
  platform: Platform;
}

export interface SettingsContext {
  platform: Platform;
  settings: Settings;
  /** Privacy mode: amounts are masked on every screen, percentages stay. */
  hideAmounts: boolean;
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

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actions: {
    writeCookie: ({ context }, params: { key: SettingKey }) =>
      context.platform.cookies.set(params.key, String(context.settings[params.key])),
    writeHideAmounts: ({ context }) =>
      context.platform.storage.set(HIDE_AMOUNTS_KEY, String(context.hideAmounts)),
    writeAllCookies: ({ context }) => {
      for (const key of SETTING_KEYS) {
        context.platform.cookies.set(key, String(context.settings[key]));
      }
    },
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    platform: input.platform,
    settings: readSettings(input.platform),
    hideAmounts: input.platform.storage.get(HIDE_AMOUNTS_KEY) === 'true',
  }),
  // The cookies hold every setting from the start (defaults too), for a year from the last visit.
  entry: 'writeAllCookies',
  initial: 'ready',
  states: {
    ready: {
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
          actions: [
            assign({ hideAmounts: ({ context }) => !context.hideAmounts }),
            'writeHideAmounts',
          ],
        },
      },
    },
  },
});
