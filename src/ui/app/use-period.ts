import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { Period } from '../../domain/types';
import { useAppChildren } from './app-actor';

export function usePeriod() {
  const { period: actor } = useAppChildren();
  const period = useSelector(actor, (s) => s.context.period);
  const selectPeriod = useCallback(
    (next: Period) => actor.send({ type: 'period.selected', period: next }),
    [actor],
  );
  return { period, selectPeriod };
}
