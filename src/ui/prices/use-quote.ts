import { shallowEqual, useSelector } from '@xstate/react';
import type { Quote } from '../../api';
import type { Id } from '../../domain/types';
import { useAppChildren } from '../app/app-actor';
import { useNeeded } from '../data/use-needed';

/** The price the investment is valued at now; undefined before a trade, or from a backend without. */
export function useQuote(investmentId: Id): Quote | undefined {
  const { data } = useAppChildren();
  useNeeded('investments');
  return useSelector(
    data,
    (s) => s.context.investments?.find((i) => i.id === investmentId)?.quote,
    shallowEqual,
  );
}
