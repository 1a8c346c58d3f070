import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { isUpdateOffered, isUpdating } from '../../machines/app/update.machine';
import { useAppChildren } from './app-actor';

/** The offer of a new version of Formue and the one intention, reload into it. */
export function useUpdate() {
  const { update } = useAppChildren();
  const offered = useSelector(update, isUpdateOffered);
  const updating = useSelector(update, isUpdating);
  const reload = useCallback(() => update.send({ type: 'update.accepted' }), [update]);
  return { offered, updating, reload };
}
