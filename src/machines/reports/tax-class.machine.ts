// An investment's tax class on its screen (issue 39): how it is taxed this year and why (a listed
// share, the ABIS list, the portfolio's kind, or the user's override with its reason). The user
// may override it with a reason (PUT), or drop the override (DELETE) so the rules decide again.
// A backend without the call (404, 405) leaves the section out.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Api, InvestmentTaxClass } from '../../api';
import { messageOf } from '../../api/errors';
import type { TaxClassOverride } from '../../domain/tax';
import type { Id } from '../../domain/types';
import {
  awaitingSession,
  isMissingCall,
  sessionLostIn,
  sessionRestored,
  WAIT_FOR_SESSION,
  type FlowEvent,
  type SessionRef,
} from '../app/flow';
import { posted, type NoticesRef } from '../app/notices.machine';
import { nameRule } from '../forms/form-rules';

export const TAX_CLASS_SAVED = 'Tax class saved';
export const TAX_CLASS_RESET = 'Tax class follows the rules again';

export type TaxClassEvent =
  | { type: 'override.opened' }
  | { type: 'override.cancelled' }
  | { type: 'override.submitted'; override: TaxClassOverride }
  | { type: 'override.reset' }
  | { type: 'retry' }
  | FlowEvent;

export interface TaxClassInput {
  api: Api;
  session: SessionRef;
  notices: NoticesRef;
  investmentId: Id;
}

export interface TaxClassContext extends TaxClassInput {
  taxClass: InvestmentTaxClass | undefined;
  /** The override being sent, kept for a send again after a login. */
  override: TaxClassOverride | undefined;
  /** The reason's message (required, at most 255 characters). */
  reasonError: string | undefined;
  failure: string | undefined;
}

type Call = { api: Api; id: Id };

export const taxClassMachine = setup({
  types: {
    context: {} as TaxClassContext,
    events: {} as TaxClassEvent,
    input: {} as TaxClassInput,
    tags: {} as 'loading' | 'saving',
  },
  actors: {
    load: fromPromise<InvestmentTaxClass, Call>(async ({ input }) =>
      (await input.api.reports()).getTaxClass(input.id),
    ),
    save: fromPromise<InvestmentTaxClass, Call & { override: TaxClassOverride }>(
      async ({ input }) => (await input.api.reports()).setTaxClass(input.id, input.override),
    ),
    reset: fromPromise<void, Call>(async ({ input }) =>
      (await input.api.reports()).resetTaxClass(input.id),
    ),
    sessionRestored,
  },
  actions: {
    confirmSaved: sendTo(({ context }) => context.notices, posted(TAX_CLASS_SAVED)),
    confirmReset: sendTo(({ context }) => context.notices, posted(TAX_CLASS_RESET)),
    fail: assign({ failure: (_, { error }: { error: unknown }) => messageOf(error) }),
  },
  guards: {
    sessionLost: sessionLostIn,
    missing: ({ event }) => 'error' in event && isMissingCall(event.error),
    reasonValid: ({ event }) =>
      event.type === 'override.submitted' && nameRule(event.override.reason) === undefined,
  },
}).createMachine({
  id: 'taxClass',
  context: ({ input }) => ({
    ...input,
    taxClass: undefined,
    override: undefined,
    reasonError: undefined,
    failure: undefined,
  }),
  initial: 'loading',
  on: { 'flow.detached': '.released' },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ api: context.api, id: context.investmentId }),
        onDone: {
          target: 'shown',
          actions: assign({ taxClass: ({ event }) => event.output, failure: undefined }),
        },
        onError: [
          WAIT_FOR_SESSION,
          { guard: 'missing', target: 'unavailable' },
          {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    shown: {
      on: {
        'override.opened': { target: 'editing', actions: assign({ failure: undefined }) },
        'override.reset': { target: 'resetting', actions: assign({ failure: undefined }) },
      },
    },
    editing: {
      description: 'The override form is open: a class and the reason shown with it.',
      on: {
        'override.cancelled': { target: 'shown', actions: assign({ reasonError: undefined }) },
        'override.submitted': [
          {
            guard: 'reasonValid',
            target: 'saving',
            actions: assign({
              override: ({ event }) => ({
                ...event.override,
                reason: event.override.reason.trim(),
              }),
              reasonError: undefined,
              failure: undefined,
            }),
          },
          { actions: assign({ reasonError: ({ event }) => nameRule(event.override.reason) }) },
        ],
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          api: context.api,
          id: context.investmentId,
          override: context.override ?? { taxation: 'realisation', income: 'share', reason: '' },
        }),
        onDone: {
          target: 'shown',
          actions: [assign({ taxClass: ({ event }) => event.output }), 'confirmSaved'],
        },
        onError: [
          { ...WAIT_FOR_SESSION, target: 'awaitingSave' },
          {
            target: 'editing',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    resetting: {
      tags: 'saving',
      invoke: {
        src: 'reset',
        input: ({ context }) => ({ api: context.api, id: context.investmentId }),
        onDone: { target: 'loading', actions: 'confirmReset' },
        onError: [
          { ...WAIT_FOR_SESSION, target: 'awaitingReset' },
          {
            target: 'shown',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    unavailable: { description: 'The backend has no tax classes: nothing is shown.' },
    awaitingSession: awaitingSession('loading', { tags: 'loading' }),
    awaitingSave: awaitingSession('saving', { tags: 'saving' }),
    awaitingReset: awaitingSession('resetting', { tags: 'saving' }),
    released: { type: 'final' },
  },
});
