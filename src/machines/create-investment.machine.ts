// The Add investment paged form (product-spec sections 2, 4, 5, 8) on the save flow (save-flow.ts):
// each page is a state, so only its fields take input; leaving page 1 asks the server to validate
// only (x-validate-only: 1); Create on page 2 is the flow's `submitting`, with the submission's
// Idempotency-Key, the data actor told, a notice, and back one page (to /home when the form was
// the first page opened). A refusal of page 1's fields goes back to page 1 to show them.
import {
  assign,
  fromCallback,
  fromPromise,
  sendTo,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import type { Api } from '../api';
import type { Instrument } from '../domain/market';
import type { CreateInvestmentPayload, Id, Investment } from '../domain/types';
import type { dataMachine } from './data.machine';
import { changed } from './changes';
import {
  changeInvestment,
  chooseInstrument,
  detailsRules,
  identifiedValues,
  instrumentRefusal,
  instrumentRules,
  instrumentTypeOf,
  investmentPayload,
  isInstrumentField,
  onlyFieldsRefused,
  pageComplete,
  SERVER_KEYS,
  startValues,
  verdictErrors,
  type InvestmentField,
  type InvestmentValues,
} from './forms/investment.rules';
import * as flow from './flow';
import { formFailure, hasErrors, type FormErrors } from './form-errors';
import { identifierCheckMachine, type IdentifierVerdict } from './identifier-check.machine';
import { instrumentSearchMachine, type InstrumentIdentified } from './instrument-search.machine';
import type { NoticesRef } from './notices.machine';
import type { Platform } from './platform';
import { saveFlowContext, saveFlowSetup, submittingStates, type SaveFlowSpec } from './save-flow';
import { submissionError, type KeyMaker } from './submission';

export type CreateInvestmentEvent =
  | { type: 'form.changed'; field: InvestmentField; value: string }
  /** Next on page 1. */
  | { type: 'form.next' }
  /** Back on page 2; Cancel on page 1 (goes back in history). */
  | { type: 'form.back' }
  /** Create on page 2. */
  | { type: 'form.submitted' }
  | IdentifierVerdict
  /** A suggestion chosen: it fills name, identifier, type and listing currency. */
  | { type: 'instrument.chosen'; instrument: Instrument }
  | InstrumentIdentified
  | flow.FlowEvent
  /** The user's portfolios as the data actor holds them (undefined until loaded). */
  | { type: 'portfolios.listed'; ids: readonly Id[] | undefined };

/** The data actor as this form reads it: it is told of the investment and lists the portfolios. */
type DataActor = ActorRefFrom<typeof dataMachine>;

export interface CreateInvestmentInput {
  api: Api;
  data: DataActor;
  session: flow.SessionRef;
  platform: Platform;
  notices: NoticesRef;
  /** Preselected portfolio, e.g. when adding from a portfolio's screen. */
  portfolioId?: Id;
  /** The user's local day (YYYY-MM-DD): the first buy's default date and the latest allowed. */
  today: string;
  /** Makes the submission's Idempotency-Key; a random UUID by default. */
  newKey?: KeyMaker;
}

/** What the paged form keeps beside the save flow's context. */
interface PagedForm {
  today: string;
  /** Fields the user has changed: a found instrument fills only the others. */
  edited: readonly InvestmentField[];
  identifier: ActorRefFrom<typeof identifierCheckMachine>;
  search: ActorRefFrom<typeof instrumentSearchMachine>;
}

/** Create on page 2: the save flow's `submitting`, with the Idempotency-Key. */
const spec: SaveFlowSpec<
  CreateInvestmentInput,
  InvestmentValues,
  InvestmentField,
  CreateInvestmentPayload,
  Investment | null,
  PagedForm
> = {
  id: 'createInvestment',
  types: { input: {} as CreateInvestmentInput },
  values: (input) => startValues(input.today, input.portfolioId),
  rules: {
    keys: SERVER_KEYS,
    check: (context) => detailsRules(context.values, context.today),
    body: (context) => investmentPayload(context.values),
  },
  keyed: true,
  submit: ({ context, body, idempotencyKey }) =>
    context.input.api.createInvestment(body, { validateOnly: false, idempotencyKey }),
  saved: (_, investment) => ({
    // A 2xx without the investment: created but unseen; reload rather than guess.
    announce: investment
      ? { type: 'investment.created', investment }
      : changed('investment.created'),
    notice: 'Investment created',
  }),
};

export const createInvestmentMachine = saveFlowSetup(spec, {
  actors: {
    identifierCheck: identifierCheckMachine,
    instrumentSearch: instrumentSearchMachine,
    validateInvestment: fromPromise<
      Investment | null,
      { api: Api; payload: CreateInvestmentPayload }
    >(({ input }) => input.api.createInvestment(input.payload, { validateOnly: true })),
    watchPortfolios: fromCallback<CreateInvestmentEvent, { data: DataActor }>(
      ({ input, sendBack }) => {
        const report = (snapshot: ReturnType<DataActor['getSnapshot']>) =>
          sendBack({
            type: 'portfolios.listed',
            ids: snapshot.context.portfolios?.map((portfolio) => portfolio.id),
          });
        report(input.data.getSnapshot());
        const subscription = input.data.subscribe(report);
        return () => subscription.unsubscribe();
      },
    ),
  },
  events: {} as CreateInvestmentEvent,
})
  .extend({
    actions: {
      edit: assign(({ context }, params: { field: InvestmentField; value: string }) => ({
        ...changeInvestment(context, params.field, params.value),
        formError: undefined,
      })),
      searchName: sendTo(
        ({ context }) => context.search,
        (_, params: { query: string }) => ({ type: 'search.typed' as const, query: params.query }),
      ),
      choose: assign(({ context }, params: { instrument: Instrument }) => ({
        ...chooseInstrument(context, params.instrument),
        formError: undefined,
      })),
      closeSuggestions: sendTo(({ context }) => context.search, { type: 'search.dismissed' }),
      identify: sendTo(
        ({ context }) => context.search,
        ({ context }) => ({
          type: 'search.identified' as const,
          code: context.values.isin,
          instrumentType: context.values.type,
        }),
      ),
      fillIdentified: assign(({ context }, params: { instrument: Instrument }) => ({
        values: identifiedValues(context, params.instrument),
      })),
      forwardToIdentifier: sendTo(
        ({ context }) => context.identifier,
        (_, params: { field: InvestmentField; value: string }) =>
          params.field === 'type'
            ? {
                type: 'identifier.type.changed' as const,
                instrumentType: instrumentTypeOf(params.value),
              }
            : { type: 'identifier.changed' as const, value: params.value },
      ),
      takeVerdict: assign(({ context }, verdict: IdentifierVerdict) => ({
        fieldErrors: verdictErrors(context.fieldErrors, verdict),
      })),
      flagPage: assign(({ context }, params: { errors: FormErrors<InvestmentField> }) => ({
        fieldErrors: { ...context.fieldErrors, ...params.errors },
      })),
    },
    guards: {
      /** The user has exactly one portfolio and none is chosen yet: it is the obvious choice. */
      onlyPortfolio: ({ context }, params: { ids: readonly Id[] | undefined }) =>
        context.values.portfolio_id === '' && params.ids?.length === 1,
      instrumentComplete: ({ context }) => pageComplete('instrument', context),
      detailsComplete: ({ context }) => pageComplete('details', context),
      /** A validate-only 422 blocks page 1 only through page 1's fields; page 2 is not filled yet. */
      instrumentRefused: (_, params: { error: unknown }) =>
        hasErrors(instrumentRefusal(params.error)),
      onlyDetailsRefused: (_, params: { error: unknown }) => onlyFieldsRefused(params.error),
    },
  })
  .createMachine({
    id: 'createInvestment',
    context: ({ input, spawn }) => ({
      ...saveFlowContext(spec, input),
      today: input.today,
      edited: [],
      identifier: spawn('identifierCheck', {
        id: 'identifier',
        input: { api: input.api, instrumentType: 'stock' },
      }),
      search: spawn('instrumentSearch', { id: 'search', input: { api: input.api } }),
    }),
    invoke: { src: 'watchPortfolios', input: ({ context }) => ({ data: context.input.data }) },
    on: {
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
                params: ({ event }) => ({ field: 'isin', value: event.instrument.code }),
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
      ...submittingStates(spec, {
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
