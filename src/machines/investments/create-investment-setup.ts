// The Add investment form's names (create-investment.machine.ts): its events and input, its save
// flow (Create: its rules, call and what it announces), and the actors, actions and guards its
// pages refer to, added to the save flow's with setup().extend. The rules are investment.rules.ts.
import { assign, fromCallback, fromPromise, sendTo, type ActorRefFrom } from 'xstate';
import type { Api } from '../../api';
import type { Instrument, SuggestedInstrument } from '../../domain/market';
import type { DecimalMark } from '../../domain/numbers';
import type { CreateInvestmentPayload, Id, Investment } from '../../domain/types';
import type { dataMachine } from '../data/data.machine';
import { changed } from '../data/changes';
import {
  changeInvestment,
  chooseInstrument,
  detailsRules,
  identifiedValues,
  instrumentRefusal,
  instrumentTypeOf,
  investmentPayload,
  onlyFieldsRefused,
  pageComplete,
  SERVER_KEYS,
  startValues,
  verdictErrors,
  type InvestmentField,
  type InvestmentValues,
} from './investment.rules';
import type * as flow from '../app/flow';
import { hasErrors, type FormErrors } from '../forms/form-errors';
import { identifierCheckMachine, type IdentifierVerdict } from './identifier-check.machine';
import { instrumentSearchMachine, type InstrumentIdentified } from './instrument-search.machine';
import type { NoticesRef } from '../app/notices.machine';
import type { Platform } from '../app/platform';
import { saveFlowSetup, type SaveFlowSpec } from '../forms/save-flow';
import type { KeyMaker } from '../forms/submission';

export type CreateInvestmentEvent =
  | { type: 'form.changed'; field: InvestmentField; value: string }
  /** Next on page 1. */
  | { type: 'form.next' }
  /** Back on page 2; Cancel on page 1 (goes back in history). */
  | { type: 'form.back' }
  /** Create on page 2. */
  | { type: 'form.submitted' }
  | IdentifierVerdict
  /** A suggestion chosen: it fills name, identifier (when it has one), type and currency. */
  | { type: 'instrument.chosen'; instrument: SuggestedInstrument }
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
  /** The reader's decimal mark, which the default fee is written with ("0,00" in Danish). */
  decimalMark?: DecimalMark;
}

/** What the paged form keeps beside the save flow's context. */
interface PagedForm {
  today: string;
  /** Fields the user has changed: a found instrument fills only the others. */
  edited: readonly InvestmentField[];
  identifier: ActorRefFrom<typeof identifierCheckMachine>;
  search: ActorRefFrom<typeof instrumentSearchMachine>;
  /** The name of a suggestion chosen without an ISIN, until one is typed: the ISIN's hint. */
  unidentified: string | undefined;
}

/** Create on page 2: the save flow's `submitting`, with the Idempotency-Key. */
export const createInvestmentSpec: SaveFlowSpec<
  CreateInvestmentInput,
  InvestmentValues,
  InvestmentField,
  CreateInvestmentPayload,
  Investment | null,
  PagedForm
> = {
  id: 'createInvestment',
  types: { input: {} as CreateInvestmentInput },
  values: (input) => startValues(input.today, input.portfolioId, input.decimalMark),
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

export const createInvestmentSetup = saveFlowSetup(createInvestmentSpec, {
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
}).extend({
  actions: {
    edit: assign(({ context }, params: { field: InvestmentField; value: string }) => ({
      ...changeInvestment(context, params.field, params.value),
      formError: undefined,
      // Typing the ISIN (or another name) answers the hint.
      unidentified:
        params.field === 'isin' || params.field === 'name' ? undefined : context.unidentified,
    })),
    searchName: sendTo(
      ({ context }) => context.search,
      (_, params: { query: string }) => ({ type: 'search.typed' as const, query: params.query }),
    ),
    choose: assign(({ context }, params: { instrument: SuggestedInstrument }) => ({
      ...chooseInstrument(context, params.instrument),
      formError: undefined,
      unidentified: params.instrument.code === null ? params.instrument.name : undefined,
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
});
