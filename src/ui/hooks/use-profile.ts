import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ProfileUpdate, User } from '../../domain/types';
import { apiMode } from '../../env';
import { flowDeps } from '../../machines/app.machine';
import { profileMachine } from '../../machines/profile.machine';
import { useAppActor } from './app-actor';
import { useFlow } from './use-flow';
import { useOverlay } from './use-overlay';

/** The Profile screen: the Edit Profile overlay, its save, and (demo only) the data reset. */
export function useProfile() {
  const app = useAppActor();
  const overlay = useOverlay();
  const { api, data, session, notices } = flowDeps(app);
  const actor = useFlow(profileMachine, { api, data, session, notices, overlay: overlay.actor });
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const notice = useSelector(actor, (s) => s.context.notice);
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const resetting = useSelector(actor, (s) => s.hasTag('resetting'));
  /** `user`: the user the form started from. */
  const save = useCallback(
    (update: ProfileUpdate, user: User) => actor.send({ type: 'profile.submitted', update, user }),
    [actor],
  );
  const openEdit = useCallback(() => actor.send({ type: 'edit.opened' }), [actor]);
  const resetDemo = useCallback(() => actor.send({ type: 'demo.reset' }), [actor]);
  return {
    editing: overlay.visible,
    editClosing: overlay.closing,
    openEdit,
    closeEdit: overlay.close,
    errors,
    formError,
    notice,
    saving,
    save,
    demo: apiMode() === 'mock',
    resetDemo,
    resetting,
  };
}
