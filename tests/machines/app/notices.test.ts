// The toast's machine, headless: fake timers play its duration.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  eventNotice,
  NOTICE_MS,
  noticeKey,
  noticeOffersUndo,
  noticesMachine,
  noticeText,
  posted,
} from '../../../src/machines/app/notices.machine';
import { recorder } from '../support';

function start() {
  const notices = createActor(noticesMachine).start();
  const shown = () => noticeText(notices.getSnapshot());
  return { notices, shown };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('idle', () => {
  it('shows nothing', () => {
    const { shown } = start();
    expect(shown()).toBeUndefined();
  });
});

describe('shown', () => {
  it('a notice shows for NOTICE_MS, then goes by itself', () => {
    const { notices, shown } = start();
    notices.send(posted('Buy saved'));
    expect(shown()).toBe('Buy saved');
    expect(noticeOffersUndo(notices.getSnapshot())).toBe(false);
    vi.advanceTimersByTime(NOTICE_MS - 1);
    expect(shown()).toBe('Buy saved');
    vi.advanceTimersByTime(1);
    expect(shown()).toBeUndefined();
  });

  it('a newer notice replaces it and gets the whole duration', () => {
    const { notices, shown } = start();
    notices.send(posted('Buy saved'));
    const first = noticeKey(notices.getSnapshot());
    vi.advanceTimersByTime(NOTICE_MS - 1);
    notices.send(posted('Buy saved'));
    expect(noticeKey(notices.getSnapshot())).not.toBe(first);
    vi.advanceTimersByTime(NOTICE_MS - 1);
    expect(shown()).toBe('Buy saved');
    vi.advanceTimersByTime(1);
    expect(shown()).toBeUndefined();
  });

  it('the close button dismisses it at once', () => {
    const { notices, shown } = start();
    notices.send(posted('Profile saved'));
    notices.send({ type: 'notice.dismissed' });
    expect(shown()).toBeUndefined();
  });
});

describe('held by a flow (Undo)', () => {
  it('stays past NOTICE_MS until its owner withdraws it', () => {
    const { notices, shown } = start();
    const owner = recorder();
    notices.send(posted('Investment deleted', { owner: owner.ref, undo: true }));
    expect(noticeOffersUndo(notices.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(NOTICE_MS * 3);
    expect(shown()).toBe('Investment deleted');
    notices.send({ type: 'notice.withdrawn', owner: recorder().ref });
    expect(shown()).toBe('Investment deleted');
    notices.send({ type: 'notice.withdrawn', owner: owner.ref });
    expect(shown()).toBeUndefined();
  });

  it('Undo is told to the owner and the toast goes', () => {
    const { notices, shown } = start();
    const owner = recorder();
    notices.send(posted('Portfolio deleted', { owner: owner.ref, undo: true }));
    notices.send({ type: 'notice.undone' });
    expect(owner.types()).toEqual(['undo.requested']);
    expect(shown()).toBeUndefined();
  });

  it('the same owner without Undo is the same toast changed: no Undo to press any more', () => {
    const { notices, shown } = start();
    const owner = recorder();
    notices.send(posted('Investment deleted', { owner: owner.ref, undo: true }));
    const key = noticeKey(notices.getSnapshot());
    notices.send(posted('Investment deleted', { owner: owner.ref, undo: false }));
    expect(noticeKey(notices.getSnapshot())).toBe(key);
    expect(noticeOffersUndo(notices.getSnapshot())).toBe(false);
    notices.send({ type: 'notice.undone' });
    expect(owner.types()).toEqual([]);
    expect(shown()).toBe('Investment deleted');
  });

  it('a newer plain notice replaces it; the late withdrawal leaves the newer one', () => {
    const { notices, shown } = start();
    const owner = recorder();
    notices.send(posted('Investment deleted', { owner: owner.ref, undo: true }));
    notices.send(posted('Buy saved'));
    notices.send({ type: 'notice.withdrawn', owner: owner.ref });
    expect(shown()).toBe('Buy saved');
  });
});

describe('texts', () => {
  it.each([
    ['buy', 'saved', 'Buy saved'],
    ['sell', 'corrected', 'Sell corrected'],
    ['dividend', 'deleted', 'Dividend deleted'],
    ['split', 'saved', 'Split saved'],
  ] as const)('%s %s: %s', (kind, done, text) => {
    expect(eventNotice(kind, done)).toBe(text);
  });
});
