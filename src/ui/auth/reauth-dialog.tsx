import { Suspense } from 'react';
import { useReauthOpen } from './use-auth';
import { lazyScreen } from '../app/lazy-screen';

const ReauthForm = lazyScreen(() => import('./reauth-form').then((module) => module.ReauthForm));

/**
 * The password, asked for on top of whatever the user was doing when the session was lost. The
 * screen and its open forms stay as they were; they carry on once this succeeds. The only other
 * way out is Log out. Its form's code loads the first time it is needed: most sessions never
 * need it.
 */
export function ReauthDialog() {
  const open = useReauthOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReauthForm />
    </Suspense>
  );
}
