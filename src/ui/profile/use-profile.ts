import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { Instrument } from '../../domain/market';
import type { ProfileUpdate, User } from '../../domain/types';
import { apiMode } from '../../env';
import { flowDeps } from '../../machines/app/app.machine';
import { benchmarkMachine, demoResetMachine, profileMachine } from '../../machines/profile';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';
import { useOverlay, type OverlayControl } from '../app/use-overlay';

/** The Profile screen: the Edit Profile overlay, and (demo only) the data reset. */
export function useProfile() {
  const { api, data } = flowDeps(useAppActor());
  const overlay = useOverlay();
  const reset = useFlow(demoResetMachine, { api, data });
  const notice = useSelector(reset, (s) => s.context.notice);
  const resetting = useSelector(reset, (s) => s.hasTag('resetting'));
  const openEdit = useCallback(() => overlay.open('edit'), [overlay]);
  const resetDemo = useCallback(() => reset.send({ type: 'demo.reset' }), [reset]);
  return {
    overlay,
    editing: overlay.visible,
    openEdit,
    notice,
    demo: apiMode() === 'mock',
    resetDemo,
    resetting,
  };
}

/** The Edit Profile form of one opening of its overlay; `user` is who it starts from. */
export function useProfileForm(overlay: OverlayControl, user: User) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  const actor = useFlow(profileMachine, {
    ...{ api, data, session, notices },
    overlay: overlay.actor,
    user,
  });
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const saving = useSelector(actor, (s) => s.hasTag('submitting'));
  const save = useCallback(
    (values: ProfileUpdate) => actor.send({ type: 'form.submitted', values }),
    [actor],
  );
  return { errors, formError, saving, save };
}

const NO_INSTRUMENTS: readonly Instrument[] = [];

/** Profile → Benchmark: the one in force, the search for another, and the pick. */
export function useBenchmark() {
  const { api, data } = flowDeps(useAppActor());
  const actor = useFlow(benchmarkMachine, { api, data });
  const benchmark = useSelector(actor, (s) => s.context.benchmark);
  const query = useSelector(actor, (s) => s.context.query);
  const notice = useSelector(actor, (s) => s.context.notice);
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const search = useSelector(actor, (s) => s.context.search);
  // Only instruments with an identifier can be priced, so only they are offered.
  const suggestions = useSelector(
    search,
    (s) =>
      s.hasTag('open')
        ? s.context.suggestions.filter((i): i is Instrument => i.code !== null)
        : NO_INSTRUMENTS,
    shallowEqual,
  );
  const active = useSelector(search, (s) => s.context.active);
  const type = useCallback(
    (text: string) => actor.send({ type: 'benchmark.typed', query: text }),
    [actor],
  );
  const choose = useCallback(
    (index: number) => {
      const instrument = suggestions[index];
      if (instrument) actor.send({ type: 'benchmark.chosen', instrument });
    },
    [actor, suggestions],
  );
  const move = useCallback((by: 1 | -1) => search.send({ type: 'search.moved', by }), [search]);
  const dismiss = useCallback(() => search.send({ type: 'search.dismissed' }), [search]);
  return { benchmark, query, notice, saving, suggestions, active, type, choose, move, dismiss };
}
