import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  GROUPING_KEY,
  SHOWN_KEY,
  allocationMachine,
} from '../../../src/machines/allocation/allocation.machine';
import { fakePlatform } from '../support';

function start(scope: 'home' | 'portfolio', storage: Record<string, string> = {}) {
  const platform = fakePlatform({ storage });
  const actor = createActor(allocationMachine, {
    input: { storage: platform.storage, scope },
  }).start();
  return { actor, platform, grouping: () => actor.getSnapshot().context.grouping };
}

describe('grouping', () => {
  it('starts by portfolio on home and by investment on a portfolio', () => {
    expect(start('home').grouping()).toBe('portfolio');
    expect(start('portfolio').grouping()).toBe('investment');
  });

  it('starts from what this device remembers, when the screen offers it', () => {
    expect(start('home', { [GROUPING_KEY.home]: 'currency' }).grouping()).toBe('currency');
    expect(start('portfolio', { [GROUPING_KEY.portfolio]: 'portfolio' }).grouping()).toBe(
      'investment',
    );
    expect(start('home', { [GROUPING_KEY.home]: 'colour' }).grouping()).toBe('portfolio');
  });

  it('grouping.selected switches and remembers it for this screen only', () => {
    const { actor, platform, grouping } = start('home');
    actor.send({ type: 'grouping.selected', grouping: 'type' });
    expect(grouping()).toBe('type');
    expect(platform.storage.get(GROUPING_KEY.home)).toBe('type');
    expect(platform.storage.get(GROUPING_KEY.portfolio)).toBeNull();
  });

  it('a portfolio is not split by portfolio', () => {
    const { actor, platform, grouping } = start('portfolio');
    actor.send({ type: 'grouping.selected', grouping: 'portfolio' });
    expect(grouping()).toBe('investment');
    expect(platform.storage.get(GROUPING_KEY.portfolio)).toBeNull();
  });
});

describe('folded and shown', () => {
  it('starts folded, and shown where this device last showed it', () => {
    expect(start('home').actor.getSnapshot().value).toBe('folded');
    expect(start('home', { [SHOWN_KEY.home]: 'true' }).actor.getSnapshot().value).toBe('shown');
    expect(start('portfolio', { [SHOWN_KEY.home]: 'true' }).actor.getSnapshot().value).toBe(
      'folded',
    );
  });

  it('allocation.shown and allocation.folded switch and are remembered', () => {
    const { actor, platform } = start('portfolio');
    actor.send({ type: 'allocation.shown' });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(platform.storage.get(SHOWN_KEY.portfolio)).toBe('true');
    actor.send({ type: 'grouping.selected', grouping: 'currency' });
    expect(actor.getSnapshot().context.grouping).toBe('currency');
    actor.send({ type: 'allocation.folded' });
    expect(actor.getSnapshot().value).toBe('folded');
    expect(platform.storage.get(SHOWN_KEY.portfolio)).toBe('false');
  });
});
