import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  OVERLAY_CLOSE_MS,
  OVERLAY_OPEN_MS,
  overlayMachine,
} from '../../../src/machines/app/overlay.machine';
import { fakePlatform } from '../support';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function start() {
  const platform = fakePlatform();
  const overlay = createActor(overlayMachine, { input: { history: platform.history } }).start();
  return { platform, overlay };
}

describe('closed', () => {
  it('opening pushes one history entry and shows the overlay with its mode', () => {
    const { platform, overlay } = start();
    expect(overlay.getSnapshot().hasTag('visible')).toBe(false);
    overlay.send({ type: 'overlay.opened', mode: 'register' });
    expect(platform.historyDepth()).toBe(1);
    expect(overlay.getSnapshot().hasTag('visible')).toBe(true);
    expect(overlay.getSnapshot().context.mode).toBe('register');
  });

  it('ignores the back action', () => {
    const { platform, overlay } = start();
    platform.pressBack();
    expect(overlay.getSnapshot().matches('closed')).toBe(true);
  });
});

describe('shown', () => {
  it('is opening for 500 ms, then open', () => {
    const { overlay } = start();
    overlay.send({ type: 'overlay.opened' });
    vi.advanceTimersByTime(OVERLAY_OPEN_MS - 1);
    expect(overlay.getSnapshot().matches({ shown: 'opening' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(overlay.getSnapshot().matches({ shown: 'open' })).toBe(true);
  });

  it('the back action closes it without a second history.back', () => {
    const { platform, overlay } = start();
    overlay.send({ type: 'overlay.opened' });
    vi.advanceTimersByTime(OVERLAY_OPEN_MS);
    platform.pressBack();
    expect(overlay.getSnapshot().matches('closing')).toBe(true);
    expect(platform.backCalls()).toBe(0);
    expect(platform.historyDepth()).toBe(0);
  });

  it('the close button pops its entry once; the resulting pop is not taken twice', () => {
    const { platform, overlay } = start();
    overlay.send({ type: 'overlay.opened' });
    overlay.send({ type: 'overlay.closed' });
    expect(platform.backCalls()).toBe(1);
    expect(platform.historyDepth()).toBe(0);
    expect(overlay.getSnapshot().matches('closing')).toBe(true);
  });

  it('a link inside that took its entry closes it without popping history', () => {
    const { platform, overlay } = start();
    overlay.send({ type: 'overlay.opened', mode: 'menu' });
    overlay.send({ type: 'overlay.navigated' });
    expect(overlay.getSnapshot().matches('closing')).toBe(true);
    expect(platform.backCalls()).toBe(0);
  });
});

describe('closing', () => {
  it('takes 300 ms, then closed', () => {
    const { overlay } = start();
    overlay.send({ type: 'overlay.opened' });
    overlay.send({ type: 'overlay.closed' });
    vi.advanceTimersByTime(OVERLAY_CLOSE_MS - 1);
    expect(overlay.getSnapshot().hasTag('visible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(overlay.getSnapshot().matches('closed')).toBe(true);
  });

  it('can be reopened while animating out', () => {
    const { platform, overlay } = start();
    overlay.send({ type: 'overlay.opened', mode: 'buy' });
    overlay.send({ type: 'overlay.closed' });
    overlay.send({ type: 'overlay.opened', mode: 'sell' });
    expect(overlay.getSnapshot().matches('shown')).toBe(true);
    expect(overlay.getSnapshot().context.mode).toBe('sell');
    expect(platform.historyDepth()).toBe(1);
  });

  it('reopened while animating out, it counts a new opening, so its form is a new one', () => {
    const { overlay } = start();
    overlay.send({ type: 'overlay.opened', mode: 'edit:7' });
    const first = overlay.getSnapshot().context.opening;
    overlay.send({ type: 'overlay.closed' });
    overlay.send({ type: 'overlay.opened', mode: 'edit:7' });
    expect(overlay.getSnapshot().context.opening).toBe(first + 1);
  });
});
