import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { HIDE_AMOUNTS_KEY, settingsMachine } from '../../src/machines/settings.machine';
import { fakePlatform } from './support';

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

  it('writes every setting to its cookie at start, defaults included', () => {
    const platform = fakePlatform({ cookies: { show_decimals: 'false' } });
    createActor(settingsMachine, { input: { platform } }).start();
    expect(Object.fromEntries(platform.cookieData)).toEqual({
      show_currency: 'true',
      show_decimals: 'false',
      hide_sold_investments: 'true',
    });
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

  it('privacy.toggled flips it and stores it, leaving the settings cookies alone', () => {
    const platform = fakePlatform();
    const settings = createActor(settingsMachine, { input: { platform } }).start();
    settings.send({ type: 'privacy.toggled' });
    expect(settings.getSnapshot().context.hideAmounts).toBe(true);
    expect(platform.storageData.get(HIDE_AMOUNTS_KEY)).toBe('true');
    expect(platform.cookieData.has(HIDE_AMOUNTS_KEY)).toBe(false);
    expect(settings.getSnapshot().context.settings).toEqual({
      show_currency: true,
      show_decimals: true,
      hide_sold_investments: true,
    });
    settings.send({ type: 'privacy.toggled' });
    expect(platform.storageData.get(HIDE_AMOUNTS_KEY)).toBe('false');
  });

  it('a new actor on the same storage starts with amounts hidden (a reload)', () => {
    const platform = fakePlatform();
    createActor(settingsMachine, { input: { platform } }).start().send({ type: 'privacy.toggled' });
    const reloaded = createActor(settingsMachine, { input: { platform } }).start();
    expect(reloaded.getSnapshot().context.hideAmounts).toBe(true);
  });
});
