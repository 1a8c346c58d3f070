import { useCallback } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import type { SuggestionRef } from '../../api';
import type { Id } from '../../domain/types';
import { flowDeps } from '../../machines/app/app.machine';
import { suggestionsMachine } from '../../machines/suggestions';
import { useAppActor } from '../app/app-actor';
import { useFlow } from '../app/use-flow';

/** The splits and dividends the provider reports that the investment has not recorded. */
export function useSuggestions(investmentId: Id) {
  const { api, data, session, notices } = flowDeps(useAppActor());
  const actor = useFlow(suggestionsMachine, { api, data, session, notices, investmentId });
  const suggestions = useSelector(actor, (s) => s.context.suggestions);
  const dismissing = useSelector(
    actor,
    (s) => (s.hasTag('dismissing') ? s.context.dismissing : undefined),
    shallowEqual,
  );
  const dismiss = useCallback(
    (suggestion: SuggestionRef) => actor.send({ type: 'suggestion.dismissed', suggestion }),
    [actor],
  );
  return { actor, suggestions, dismissing, dismiss };
}

export type SuggestionsControl = ReturnType<typeof useSuggestions>;
