import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { isLoggedIn, isSigningOut, logoutError } from '../../machines/auth';
import { useAppChildren } from '../app/app-actor';
import { useNeeded } from '../data/use-needed';

/** Who is logged in, the route guard's flag, and Logout with its progress and failure. */
export function useSession() {
  const { auth, data } = useAppChildren();
  useNeeded('user');
  const loggedIn = useSelector(auth, isLoggedIn);
  const name = useSelector(data, (s) => s.context.user?.name ?? '');
  const email = useSelector(data, (s) => s.context.user?.email ?? '');
  const loggingOut = useSelector(auth, isSigningOut);
  const logoutFailure = useSelector(auth, logoutError);
  const logout = useCallback(() => auth.send({ type: 'logout' }), [auth]);
  return { loggedIn, name, email, logout, loggingOut, logoutFailure };
}
