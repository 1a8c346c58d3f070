import { use, type ComponentType } from 'react';

export interface LazyScreen<P extends object> {
  (props: P): React.ReactNode;
  /** Starts loading the screen's code; resolves when it can render without suspending. */
  preload: () => Promise<void>;
}

/**
 * A screen whose code loads on first use (React.lazy), but which renders at once after
 * `preload()`: React.lazy suspends at least once even for a module that is already loaded.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
    }));
  function Screen(props: P) {
    if (!loaded) use(preload());
    const Loaded = loaded!;
    return <Loaded {...props} />;
  }
  return Object.assign(Screen, { preload });
}
