import { useCallback } from 'react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { passwordMachine, type PasswordRequest } from '../../machines/auth';
import { useAppActor, useAppChildren } from '../app/app-actor';

/** The Forgot password or Reset password form's flow, for as long as its screen shows. */
export function usePassword() {
  const { api } = useAppActor().getSnapshot().context;
  const { auth } = useAppChildren();
  const actor = useActorRef(passwordMachine, { input: { api, auth } });
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const sent = useSelector(actor, (s) => s.context.sent);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const submit = useCallback(
    (request: PasswordRequest) => actor.send({ type: 'password.submitted', request }),
    [actor],
  );
  return { errors, formError, sent, submitting, submit };
}
