import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { apiMode } from '../../env';
import { isReauthenticating } from '../../machines/auth';
import { useAppChildren } from '../app/app-actor';

export type AuthMode = 'login' | 'register';

/** The demo account (decisions.md section 4), shown on the Login overlay in demo mode only. */
const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo1234' } as const;

export interface AuthValues {
  name: string;
  email: string;
  password: string;
  /** Login's "Remember me". */
  remember: boolean;
}

/** Login and Register: per-field errors, the submitting flag, and the two intentions. */
export function useAuthForm() {
  const { auth } = useAppChildren();
  const errors = useSelector(auth, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(auth, (s) => s.context.formError);
  const notice = useSelector(auth, (s) => s.context.notice);
  const submitting = useSelector(auth, (s) => s.hasTag('submitting'));
  const submit = useCallback(
    (mode: AuthMode, values: AuthValues) =>
      auth.send(
        mode === 'register'
          ? {
              type: 'register.submitted',
              registration: { name: values.name, email: values.email, password: values.password },
            }
          : {
              type: 'login.submitted',
              credentials: {
                email: values.email,
                password: values.password,
                remember: values.remember,
              },
            },
      ),
    [auth],
  );
  const resetErrors = useCallback(() => auth.send({ type: 'auth.form.reset' }), [auth]);
  const demo = apiMode() === 'mock' ? DEMO_ACCOUNT : undefined;
  return { errors, formError, notice, submitting, demo, submit, resetErrors };
}

/**
 * The password asked for on top of the screen after the session was lost in use: open while the
 * auth machine waits for it; the e-mail is the logged-in user's when it is known.
 */
/** Whether the Log in again dialog is open (the auth machine asks for the password again). */
export function useReauthOpen(): boolean {
  const { auth } = useAppChildren();
  return useSelector(auth, isReauthenticating);
}

export function useReauth() {
  const { auth, data } = useAppChildren();
  const open = useReauthOpen();
  const email = useSelector(data, (s) => s.context.user?.email ?? '');
  const errors = useSelector(auth, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(auth, (s) => s.context.formError);
  const submitting = useSelector(auth, (s) => s.hasTag('submitting'));
  const submit = useCallback(
    (credentials: { email: string; password: string }) =>
      auth.send({ type: 'reauth.submitted', credentials }),
    [auth],
  );
  const logout = useCallback(() => auth.send({ type: 'logout' }), [auth]);
  return { open, email, errors, formError, submitting, submit, logout };
}
