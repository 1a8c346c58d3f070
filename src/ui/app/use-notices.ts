import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { noticeKey, noticeOffersUndo, noticeText } from '../../machines/app/notices.machine';
import { useAppChildren } from './app-actor';

/** The confirmation toast: what it says, whether it offers Undo, and the two intentions. */
export function useNotices() {
  const { notices } = useAppChildren();
  const text = useSelector(notices, noticeText);
  const undoable = useSelector(notices, noticeOffersUndo);
  const key = useSelector(notices, noticeKey);
  const dismiss = useCallback(() => notices.send({ type: 'notice.dismissed' }), [notices]);
  const undo = useCallback(() => notices.send({ type: 'notice.undone' }), [notices]);
  return { text, undoable, key, dismiss, undo };
}
