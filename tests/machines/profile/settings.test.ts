import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { danish } from '../../../src/i18n/da';
import { english } from '../../../src/i18n';
import {
  HIDE_AMOUNTS_KEY,
  LANGUAGE_KEY,
  settingsMachine,
} from '../../../src/machines/app/settings.machine';
import { fakePlatform } from '../support';

describe('ready', () => {
  it('every setting defaults to true; a false cookie turns one off', () => {
    const settings = createActor(settingsMachine, {
      input: { platform: fakePlatform({ cookies: { show_decimals: 'false' } }) },
    }).start();
    expect(settings.getSnapshot().context.settings).toEqual({
      show_currency: true,
      show_decimals: false,
      hide_sold_investments: true,
    });
  });

  it('writes every setting to its cookie at start, defaults included, with copies of privacy mode and the language', () => {
    const platform = fakePlatform({
      cookies: { show_decimals: 'false' },
      storage: { [HIDE_AMOUNTS_KEY]: 'true', [LANGUAGE_KEY]: 'da' },
    });
    createActor(settingsMachine, { input: { platform } }).start();
    expect(Object.fromEntries(platform.cookieData)).toEqual({
      show_currency: 'true',
      show_decimals: 'false',
      hide_sold_investments: 'true',
      [HIDE_AMOUNTS_KEY]: 'true',
      [LANGUAGE_KEY]: 'da',
    });
  });

  it("copies no language to its cookie when none was chosen: the browser's decide", () => {
    const platform = fakePlatform({ languages: ['da'] });
    createActor(settingsMachine, { input: { platform } }).start();
    expect(platform.cookieData.get(LANGUAGE_KEY)).toBe('');
    expect(platform.cookieData.get(HIDE_AMOUNTS_KEY)).toBe('false');
  });

  it('setting.toggled flips the setting and writes its cookie', () => {
    const platform = fakePlatform();
    const settings = createActor(settingsMachine, { input: { platform } }).start();
    settings.send({ type: 'setting.toggled', key: 'hide_sold_investments' });
    expect(settings.getSnapshot().context.settings.hide_sold_investments).toBe(false);
    expect(platform.cookieData.get('hide_sold_investments')).toBe('false');
    settings.send({ type: 'setting.toggled', key: 'hide_sold_investments' });
    expect(platform.cookieData.get('hide_sold_investments')).toBe('true');
  });
});

describe('privacy mode', () => {
  it('is off on a first visit, and writes nothing until toggled', () => {
    const platform = fakePlatform();
    const settings = createActor(settingsMachine, { input: { platform } }).start();
    expect(settings.getSnapshot().context.hideAmounts).toBe(false);
    expect(platform.storageData.has(HIDE_AMOUNTS_KEY)).toBe(false);
  });

  it('privacy.toggled flips it, stores it and copies it to its cookie, leaving the settings alone', () => {
    const platform = fakePlatform();
    const settings = createActor(settingsMachine, { input: { platform } }).start();
    settings.send({ type: 'privacy.toggled' });
    expect(settings.getSnapshot().context.hideAmounts).toBe(true);
    expect(platform.storageData.get(HIDE_AMOUNTS_KEY)).toBe('true');
    expect(platform.cookieData.get(HIDE_AMOUNTS_KEY)).toBe('true');
    expect(settings.getSnapshot().context.settings).toEqual({
      show_currency: true,
      show_decimals: true,
      hide_sold_investments: true,
    });
    settings.send({ type: 'privacy.toggled' });
    expect(platform.storageData.get(HIDE_AMOUNTS_KEY)).toBe('false');
    expect(platform.cookieData.get(HIDE_AMOUNTS_KEY)).toBe('false');
  });

  it('a new actor on the same storage starts with amounts hidden (a reload)', () => {
    const platform = fakePlatform();
    createActor(settingsMachine, { input: { platform } }).start().send({ type: 'privacy.toggled' });
    const reloaded = createActor(settingsMachine, { input: { platform } }).start();
    expect(reloaded.getSnapshot().context.hideAmounts).toBe(true);
  });
});

describe('language', () => {
  const start = (options: Parameters<typeof fakePlatform>[0] = {}) => {
    const platform = fakePlatform(options);
    return { platform, settings: createActor(settingsMachine, { input: { platform } }).start() };
  };
  const ready = (settings: ReturnType<typeof start>['settings']) =>
    waitFor(settings, (s) => s.matches('ready'));

  it('an English browser starts ready in English, and stores nothing until chosen', () => {
    const { platform, settings } = start({ languages: ['en-US', 'da'] });
    expect(settings.getSnapshot().matches('ready')).toBe(true);
    expect(settings.getSnapshot().context.language).toBe('en');
    expect(settings.getSnapshot().context.catalogue).toBe(english);
    expect(platform.storageData.has(LANGUAGE_KEY)).toBe(false);
  });

  it('a Danish browser starts (tag starting) until the Danish texts arrive', async () => {
    const { settings } = start({ languages: ['da-DK', 'en'] });
    expect(settings.getSnapshot().hasTag('starting')).toBe(true);
    expect(settings.getSnapshot().context.language).toBe('da');
    const snapshot = await ready(settings);
    expect(snapshot.hasTag('starting')).toBe(false);
    expect(snapshot.context.catalogue).toBe(danish);
  });

  it('the stored choice wins over the browser', async () => {
    const { settings } = start({ languages: ['en-US'], storage: { [LANGUAGE_KEY]: 'da' } });
    expect((await ready(settings)).context.language).toBe('da');
    const chosen = start({ languages: ['da-DK'], storage: { [LANGUAGE_KEY]: 'en' } });
    expect(chosen.settings.getSnapshot().context.language).toBe('en');
  });

  it('a stored value that is no language counts as absent', () => {
    const { settings } = start({ languages: ['en'], storage: { [LANGUAGE_KEY]: 'xx' } });
    expect(settings.getSnapshot().context.language).toBe('en');
  });

  it('language.selected keeps the old texts until the new ones load, and stores the choice', async () => {
    const { platform, settings } = start();
    settings.send({ type: 'language.selected', language: 'da' });
    expect(settings.getSnapshot().matches('switching')).toBe(true);
    expect(settings.getSnapshot().hasTag('starting')).toBe(false);
    expect(settings.getSnapshot().context.catalogue).toBe(english);
    expect(platform.storageData.get(LANGUAGE_KEY)).toBe('da');
    expect(platform.cookieData.get(LANGUAGE_KEY)).toBe('da');
    expect((await ready(settings)).context.catalogue).toBe(danish);

    settings.send({ type: 'language.selected', language: 'en' });
    expect((await ready(settings)).context.catalogue).toBe(english);
    expect(platform.storageData.get(LANGUAGE_KEY)).toBe('en');
  });

  it('a reload on the same storage comes back in the chosen language', async () => {
    const { platform, settings } = start();
    settings.send({ type: 'language.selected', language: 'da' });
    await ready(settings);
    const reloaded = createActor(settingsMachine, { input: { platform } }).start();
    expect((await ready(reloaded)).context.language).toBe('da');
  });

  it('toggles still work while the language loads', () => {
    const { settings } = start({ languages: ['da'] });
    settings.send({ type: 'privacy.toggled' });
    expect(settings.getSnapshot().context.hideAmounts).toBe(true);
  });
});
