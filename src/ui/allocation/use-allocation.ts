import { useCallback, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { allocationOf, type Grouping } from '../../domain/allocation';
import type { Id } from '../../domain/types';
import { GROUPINGS_OF, allocationMachine, type AllocationScope } from '../../machines/allocation';
import { shownInvestments } from '../../machines/data/selectors';
import { useAppActor, useAppChildren } from '../app/app-actor';
import { useNeeded } from '../data/use-needed';

/**
 * The allocation of home (every investment) or of one portfolio, whether it is shown, and its
 * grouping switch.
 */
export function useAllocation(scope: AllocationScope, portfolioId?: Id) {
  const app = useAppActor();
  const { data } = useAppChildren();
  useNeeded('investments', 'portfolios');
  const actor = useActorRef(allocationMachine, {
    input: { storage: app.getSnapshot().context.platform.storage, scope },
  });
  const grouping = useSelector(actor, (s) => s.context.grouping);
  const shown = useSelector(actor, (s) => s.matches('shown'));
  const investments = useSelector(data, (s) => s.context.investments);
  const portfolios = useSelector(data, (s) => s.context.portfolios);
  const slices = useMemo(
    () =>
      allocationOf(
        shownInvestments(investments ?? [], { portfolioId, hideSold: true }),
        portfolios ?? [],
        grouping,
      ),
    [investments, portfolios, portfolioId, grouping],
  );
  const select = useCallback(
    (next: Grouping) => actor.send({ type: 'grouping.selected', grouping: next }),
    [actor],
  );
  const show = useCallback(() => actor.send({ type: 'allocation.shown' }), [actor]);
  const fold = useCallback(() => actor.send({ type: 'allocation.folded' }), [actor]);
  return { slices, grouping, groupings: GROUPINGS_OF[scope], select, shown, show, fold };
}
