import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { Id } from '../../domain/types';
import { flowDeps } from '../../machines/app/app.machine';
import type { OverlayRef } from '../../machines/app/overlay.machine';
import { listingMachine, offersChange, type ListingDependent } from '../../machines/investments';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

export interface ListingInput {
  investmentId: Id;
  /** The screen's overlay, which the Listing dialog shows in. */
  overlay: OverlayRef;
  /** The screen's flows whose figures come from the listing: told after a change. */
  dependents: readonly ListingDependent[];
}

/** Where the investment's prices come from, and Change listing when there is a choice. */
export function useListing({ investmentId, overlay, dependents }: ListingInput) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  const actor = useFlow(listingMachine, {
    api,
    data,
    session,
    notices,
    overlay,
    investmentId,
    dependents,
  });
  const offered = useSelector(actor, (s) => offersChange(s.context));
  const listings = useSelector(actor, (s) => s.context.listings);
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const errors = useSelector(actor, (s) => s.context.fieldErrors, shallowEqual);
  const formError = useSelector(actor, (s) => s.context.formError);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const open = useCallback(() => actor.send({ type: 'listing.opened' }), [actor]);
  const choose = useCallback((id: string) => actor.send({ type: 'listing.chosen', id }), [actor]);
  const save = useCallback(() => actor.send({ type: 'listing.submitted' }), [actor]);
  return { offered, listings, chosen, errors, formError, submitting, open, choose, save };
}

export type ListingControl = ReturnType<typeof useListing>;
