import type { ReactNode } from 'react';
import { ErrorState } from './states';

export type LoadStatus = 'loading' | 'failed' | 'ready';

/** One place for the three states every list and figure has: skeleton, error with Retry, data. */
export function Loadable({
  status,
  error,
  onRetry,
  skeleton,
  children,
}: {
  status: LoadStatus;
  error: string | undefined;
  onRetry: () => void;
  skeleton: ReactNode;
  children: () => ReactNode;
}) {
  if (status === 'failed')
    return <ErrorState message={error ?? 'Something went wrong.'} onRetry={onRetry} />;
  if (status === 'loading') return <>{skeleton}</>;
  return <>{children()}</>;
}
