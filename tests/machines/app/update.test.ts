// The offer of a new version, headless: a fake port plays the service worker.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { UpdatePort } from '../../../src/machines/app/platform';
import {
  isUpdateOffered,
  isUpdating,
  updateMachine,
} from '../../../src/machines/app/update.machine';

function fakeUpdates(options: { waitingAlready?: boolean } = {}) {
  const listeners = new Set<() => void>();
  const port = {
    onWaiting: vi.fn((listener: () => void) => {
      listeners.add(listener);
      if (options.waitingAlready) listener();
      return () => listeners.delete(listener);
    }),
    apply: vi.fn(),
  } satisfies UpdatePort;
  return {
    port,
    listening: () => listeners.size,
    newVersionWaits: () => listeners.forEach((l) => l()),
  };
}

function start(options: { waitingAlready?: boolean } = {}) {
  const updates = fakeUpdates(options);
  const actor = createActor(updateMachine, { input: { updates: updates.port } }).start();
  return { actor, updates };
}

describe('current', () => {
  it('offers nothing while no new version waits', () => {
    const { actor, updates } = start();
    expect(isUpdateOffered(actor.getSnapshot())).toBe(false);
    expect(updates.port.apply).not.toHaveBeenCalled();
  });

  it('offers the update when a new version starts waiting', () => {
    const { actor, updates } = start();
    updates.newVersionWaits();
    expect(isUpdateOffered(actor.getSnapshot())).toBe(true);
    expect(isUpdating(actor.getSnapshot())).toBe(false);
  });

  it('offers a version that was already waiting when the app started', () => {
    const { actor } = start({ waitingAlready: true });
    expect(isUpdateOffered(actor.getSnapshot())).toBe(true);
  });

  it('ignores Reload before anything is offered', () => {
    const { actor, updates } = start();
    actor.send({ type: 'update.accepted' });
    expect(updates.port.apply).not.toHaveBeenCalled();
  });
});

describe('offered', () => {
  it('Reload lets the new version in, once', () => {
    const { actor, updates } = start({ waitingAlready: true });
    actor.send({ type: 'update.accepted' });
    actor.send({ type: 'update.accepted' });
    expect(updates.port.apply).toHaveBeenCalledOnce();
    expect(isUpdating(actor.getSnapshot())).toBe(true);
    // The status stays until the page reloads.
    expect(isUpdateOffered(actor.getSnapshot())).toBe(true);
  });

  it('stops listening when the actor stops', () => {
    const { actor, updates } = start();
    expect(updates.listening()).toBe(1);
    actor.stop();
    expect(updates.listening()).toBe(0);
  });
});
