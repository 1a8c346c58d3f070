import { useEffect } from 'react';
import type { ResourceKey } from '../../machines/data/resource-keys';
import { useAppChildren } from '../app/app-actor';

/**
 * Tells the data actor that the calling view shows these keys, for as long as it is mounted: a
 * key no mounted view needs is not loaded. (A module of its own: the start-up code's hooks use it
 * without the screens' selectors.)
 */
export function useNeeded(...keys: ResourceKey[]) {
  const { data } = useAppChildren();
  const joined = JSON.stringify(keys);
  useEffect(() => {
    const needed = JSON.parse(joined) as ResourceKey[];
    data.send({ type: 'resource.needed', keys: needed });
    return () => {
      // The app may have stopped first (a test's teardown): nothing is left to release.
      if (data.getSnapshot().status === 'active')
        data.send({ type: 'resource.released', keys: needed });
    };
  }, [data, joined]);
}
