import { useCallback, useMemo } from 'react';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { Performance } from '../../domain/types';
import { performanceKey } from '../../machines/data/data.machine';
import { entryView } from '../../machines/data/selectors';
import { monthlyRows, returnsMachine, yearChoices } from '../../machines/returns';
import { useAppChildren } from '../app/app-actor';
import { usePeriod } from '../app/use-period';
import type { ValueTarget } from '../data/use-data';
import { useNeeded } from '../data/use-needed';

/** The returns of the target over the chosen span, its span picker and its monthly toggle. */
export function useReturns(target: ValueTarget) {
  const actor = useActorRef(returnsMachine);
  const { data } = useAppChildren();
  const { period } = usePeriod();
  const year = useSelector(actor, (s) => s.context.year);
  const monthlyShown = useSelector(actor, (s) => s.matches('monthly'));
  const key = performanceKey(target.type === 'user' ? { type: 'user', year } : { ...target, year });
  useNeeded(key);
  const performance = useSelector(
    data,
    (s): Performance | undefined => s.context.performances[key],
  );
  const view = useSelector(
    data,
    (s) => entryView(s.context.entries[key], performance !== undefined),
    shallowEqual,
  );
  const rows = useMemo(() => monthlyRows(performance?.monthly ?? []), [performance]);
  const years = useMemo(() => yearChoices(new Date()), []);
  const selectYear = useCallback(
    (next: number | undefined) => actor.send({ type: 'span.selected', year: next }),
    [actor],
  );
  const toggleMonthly = useCallback(
    () => actor.send({ type: monthlyShown ? 'monthly.folded' : 'monthly.shown' }),
    [actor, monthlyShown],
  );
  return {
    ...view,
    performance,
    rows,
    period,
    year,
    years,
    selectYear,
    monthlyShown,
    toggleMonthly,
  };
}
