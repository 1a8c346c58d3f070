// The Add investment paged form (product-spec sections 2, 4, 5, 8) on the save flow (save-flow.ts):
// each page is a state, so only its fields take input; leaving page 1 asks the server to validate
// only (x-validate-only: 1); Create on page 2 is the flow's `submitting`, with the submission's
// Idempotency-Key, the data actor told, a notice, and back one page (to /home when the form was
// the first page opened). A refusal of page 1's fields goes back to page 1 to show them.
import { assign, type SnapshotFrom } from 'xstate';
import { createInvestmentSetup, createInvestmentSpec } from './create-investment-setup';
import * as flow from '../app/flow';
import { formFailure, hasErrors } from '../forms/form-errors';
import {
  detailsRules,
  instrumentRefusal,
  instrumentRules,
  investmentPayload,
  isInstrumentField,
  SERVER_KEYS,
  type InvestmentField,
} from './investment.rules';
import { OFFLINE_ERROR_GOES } from '../forms/save-flow-parts';
import { saveFlowContext, submittingStates } from '../forms/save-flow-submitting';
import { submissionError } from '../forms/submission';

export type { CreateInvestmentEvent, CreateInvestmentInput } from './create-investment-setup';

export const createInvestmentMachine = createInvestmentSetup.createMachine({
  id: 'createInvestment',
  context: ({ input, spawn }) => ({
    ...saveFlowContext(createInvestmentSpec, input),
    today: input.today,
    edited: [],
    identifier: spawn('identifierCheck', {
      id: 'identifier',
      input: { api: input.api, instrumentType: 'stock' },
    }),
    search: spawn('instrumentSearch', { id: 'search', input: { api: input.api } }),
    unidentified: undefined,
  }),
  invoke: [
    { src: 'watchPortfolios', input: ({ context }) => ({ data: context.input.data }) },
    OFFLINE_ERROR_GOES.invoke,
  ],
  on: {
    ...OFFLINE_ERROR_GOES.on,
    // The screen is gone: an idle form ends; a create in flight finishes (`submitting`).
    'flow.detached': '.released',
    'portfolios.listed': {
      guard: { type: 'onlyPortfolio', params: ({ event }) => ({ ids: event.ids }) },
      actions: assign({
        values: ({ context, event }) => ({ ...context.values, portfolio_id: event.ids![0] }),
      }),
    },
    'identifier.verdict': [
      {
        // An answer for an older code than the field's is stale.
        guard: ({ context, event }) =>
          event.code === context.values.isin && event.status === 'valid',
        actions: [{ type: 'takeVerdict', params: ({ event }) => event }, 'identify'],
      },
      {
        guard: ({ context, event }) => event.code === context.values.isin,
        actions: { type: 'takeVerdict', params: ({ event }) => event },
      },
    ],
    'instrument.identified': {
      // Only for the code still in the field and of the type chosen.
      guard: ({ context, event }) =>
        event.instrument.code === context.values.isin.trim() &&
        event.instrument.type === context.values.type,
      actions: { type: 'fillIdentified', params: ({ event }) => event },
    },
  },
  initial: 'instrument',
  states: {
    instrument: {
      description: 'Page 1: portfolio, type, name, ISIN or symbol.',
      on: {
        'form.changed': [
          {
            guard: ({ event }) => event.field === 'isin' || event.field === 'type',
            actions: [
              { type: 'edit', params: ({ event }) => event },
              { type: 'forwardToIdentifier', params: ({ event }) => event },
            ],
          },
          {
            guard: ({ event }) => event.field === 'name',
            actions: [
              { type: 'edit', params: ({ event }) => event },
              { type: 'searchName', params: ({ event }) => ({ query: event.value }) },
            ],
          },
          {
            guard: ({ event }) => isInstrumentField(event.field),
            actions: { type: 'edit', params: ({ event }) => event },
          },
        ],
        'instrument.chosen': {
          actions: [
            { type: 'choose', params: ({ event }) => event },
            // The identifier is checked as if typed: type first, then the code.
            {
              type: 'forwardToIdentifier',
              params: ({ event }) => ({ field: 'type', value: event.instrument.type }),
            },
            {
              type: 'forwardToIdentifier',
              params: ({ event }) => ({ field: 'isin', value: event.instrument.code ?? '' }),
            },
            'closeSuggestions',
          ],
        },
        'form.next': [
          { guard: 'instrumentComplete', target: 'validating' },
          {
            actions: {
              type: 'flagPage',
              params: ({ context }) => ({ errors: instrumentRules(context.values) }),
            },
          },
        ],
        'form.back': { actions: 'leaveView' },
      },
    },
    validating: {
      tags: 'submitting',
      entry: 'clearFormError',
      invoke: {
        src: 'validateInvestment',
        input: ({ context }) => ({
          api: context.input.api,
          payload: investmentPayload(context.values),
        }),
        onDone: { target: 'details' },
        onError: [
          {
            guard: 'sessionLost',
            target: 'validationAwaitingSession',
          },
          {
            guard: { type: 'instrumentRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'instrument',
            actions: {
              type: 'flagPage',
              params: ({ event }) => ({ errors: instrumentRefusal(event.error) }),
            },
          },
          // Only page 2's (still empty) fields were refused: page 1 is fine.
          {
            guard: {
              type: 'onlyDetailsRefused',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'details',
          },
          {
            target: 'instrument',
            actions: {
              type: 'patch',
              params: ({ event }) => formFailure(submissionError(event.error), SERVER_KEYS),
            },
          },
        ],
      },
    },
    validationAwaitingSession: flow.awaitingSession('validating', { tags: 'submitting' }),
    details: {
      description: 'Page 2: the first buy.',
      on: {
        'form.changed': {
          guard: ({ event }) => !isInstrumentField(event.field),
          actions: { type: 'edit', params: ({ event }) => event },
        },
        'form.back': { target: 'instrument' },
        'form.submitted': [
          {
            guard: 'detailsComplete',
            target: 'submitting',
            actions: ['clearFormError', 'takeSubmission'],
          },
          {
            actions: {
              type: 'flagPage',
              params: ({ context }) => ({ errors: detailsRules(context.values, context.today) }),
            },
          },
        ],
      },
    },
    // Create: page 1's errors cannot be seen from page 2, so a refusal of them goes back there.
    ...submittingStates(createInvestmentSpec, {
      editing: 'details',
      refused: {
        guard: ({ event }) => hasErrors(instrumentRefusal(event.error)),
        target: 'instrument',
      },
    }),
  },
});

export type CreateInvestmentSnapshot = SnapshotFrom<typeof createInvestmentMachine>;

/** 0 on page 1, 1 on page 2 (also while its call runs or waits for the session). */
export function pageOf(snapshot: CreateInvestmentSnapshot): 0 | 1 {
  return snapshot.matches('instrument') ||
    snapshot.matches('validating') ||
    snapshot.matches('validationAwaitingSession')
    ? 0
    : 1;
}

/** Only the current page's inputs take input, and none while a call runs. */
export function isFieldEnabled(
  snapshot: CreateInvestmentSnapshot,
  field: InvestmentField,
): boolean {
  if (snapshot.matches('instrument')) return isInstrumentField(field);
  if (snapshot.matches('details')) return !isInstrumentField(field);
  return false;
}
