import { use, type ComponentType, type ReactPromise } from 'react';

export interface LazyScreen<P extends object> {
  (props: P): React.ReactNode;
  /** Starts loading the screen's code; resolves when it can render without suspending. */
  preload: () => Promise<void>;
}

/**
 * The load as a promise React's use() reads without suspending once it has settled: use()
 * returns `value` at once when `status` is 'fulfilled' (React's ReactPromise protocol). The same
 * object is updated, since React asks the one that suspended again when it replays the render.
 */
function tracked<T>(promise: Promise<T>): ReactPromise<T> {
  const load = Object.assign(promise, { status: 'pending' as const });
  void promise.then(
    (value) => Object.assign(load, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(load, { status: 'rejected', reason }),
  );
  return load;
}

/**
 * A screen whose code loads on first use, but which renders at once after `preload()`:
 * React.lazy suspends at least once even for a module that is already loaded. use() is called on
 * every render, as hooks must be: a render that suspended is replayed and must call it again.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let started: ReactPromise<ComponentType<P>> | undefined;
  const code = () => (started ??= tracked(load()));
  function Screen(props: P) {
    const Loaded = use(code());
    return <Loaded {...props} />;
  }
  const preload = async () => {
    await code();
  };
  return Object.assign(Screen, { preload });
}
