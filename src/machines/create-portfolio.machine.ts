// The Add portfolio form (product-spec section 2). The create call carries x-validate-only: 0
// and the submission's Idempotency-Key (submission.ts).
// On success the list gets the portfolio, then the app goes back one page (to
// /home when the form was the first page opened), as the Add investment form does.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../api';
import type { Portfolio } from '../domain/types';
import { changed } from './changes';
import type { DataRef } from './data.machine';
import {
  awaitingSession,
  sessionLostIn,
  sessionRestored,
  WAIT_FOR_SESSION,
  type FlowEvent,
  type SessionRef,
} from './flow';
import { formFailure, sameKeys, type FormErrors } from './form-errors';
import { check, nameRule } from './form-rules';
import { posted, type NoticesRef } from './notices.machine';
import { leavePage, type Platform } from './platform';
import {
  afterFailure,
  randomKey,
  submissionError,
  submissionFor,
  type KeyMaker,
  type Submission,
} from './submission';

export type PortfolioField = 'name';

export type CreatePortfolioEvent =
  | { type: 'form.submitted'; name: string }
  /** Cancel: back in history. */
  | { type: 'form.cancelled' }
  | FlowEvent;

export interface CreatePortfolioInput {
  api: Api;
  data: DataRef;
  session: SessionRef;
  platform: Platform;
  notices: NoticesRef;
  /** Makes the submission's Idempotency-Key; a random UUID by default. */
  newKey?: KeyMaker;
}

export interface CreatePortfolioContext {
  api: Api;
  data: DataRef;
  session: SessionRef;
  platform: Platform;
  notices: NoticesRef;
  /** False once the screen has gone: a create in flight still tells the data actor, but moves no page. */
  attached: boolean;
  /** The last submitted name, kept on failure. */
  name: string;
  fieldErrors: FormErrors<PortfolioField>;
  formError: string | undefined;
  newKey: KeyMaker;
  /** The last create sent, whose key a retry of the same name sends again. */
  submission: Submission | undefined;
}

const bodyOf = (context: Pick<CreatePortfolioContext, 'name'>) => ({ name: context.name.trim() });

export const createPortfolioMachine = setup({
  types: {
    context: {} as CreatePortfolioContext,
    events: {} as CreatePortfolioEvent,
    input: {} as CreatePortfolioInput,
    tags: {} as 'submitting',
  },
  actors: {
    createPortfolio: fromPromise<
      Portfolio | null,
      { api: Api; name: string; idempotencyKey: string | undefined }
    >(({ input }) =>
      input.api.createPortfolio(
        { name: input.name },
        { validateOnly: false, idempotencyKey: input.idempotencyKey },
      ),
    ),
    sessionRestored,
  },
  actions: {
    take: assign((_, params: { name: string }) => ({
      name: params.name,
      fieldErrors: check<PortfolioField>({ name: () => nameRule(params.name) }),
      formError: undefined,
    })),
    takeSubmission: assign({
      submission: ({ context }) =>
        submissionFor(context.submission, bodyOf(context), context.newKey),
    }),
    showFailure: assign(({ context }, params: { error: unknown }) => ({
      ...formFailure(submissionError(params.error), sameKeys<PortfolioField>(['name'])),
      submission: afterFailure(context.submission, params.error),
    })),
    announceCreated: sendTo(
      ({ context }) => context.data,
      (_, params: { portfolio: Portfolio }) => ({
        type: 'portfolio.created' as const,
        portfolio: params.portfolio,
      }),
    ),
    announceUnseen: sendTo(({ context }) => context.data, changed('portfolio.created')),
    confirmCreated: sendTo(({ context }) => context.notices, posted('Portfolio created')),
    leavePage: ({ context }) => leavePage(context.platform),
    leavePageIfShown: ({ context }) => {
      if (context.attached) leavePage(context.platform);
    },
    detach: assign({ attached: false }),
  },
  guards: {
    nameValid: ({ context }) => context.fieldErrors.name === undefined,
    sessionLost: ({ event }) => sessionLostIn(event),
  },
}).createMachine({
  id: 'createPortfolio',
  context: ({ input }) => ({
    api: input.api,
    data: input.data,
    session: input.session,
    platform: input.platform,
    notices: input.notices,
    attached: true,
    name: '',
    fieldErrors: {},
    formError: undefined,
    newKey: input.newKey ?? randomKey,
    submission: undefined,
  }),
  initial: 'editing',
  // The screen is gone: an idle form ends; a create in flight finishes (see there).
  on: { 'flow.detached': '.released' },
  states: {
    editing: {
      on: {
        'form.submitted': {
          target: 'checking',
          actions: { type: 'take', params: ({ event }) => ({ name: event.name }) },
        },
        'form.cancelled': { actions: 'leavePage' },
      },
    },
    checking: {
      always: [
        { guard: 'nameValid', target: 'submitting', actions: 'takeSubmission' },
        { target: 'editing' },
      ],
    },
    submitting: {
      tags: 'submitting',
      // The call outlives the screen, so what it created always reaches the list.
      on: { 'flow.detached': { actions: 'detach' } },
      invoke: {
        src: 'createPortfolio',
        input: ({ context }) => ({
          api: context.api,
          ...bodyOf(context),
          idempotencyKey: context.submission?.key,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'created',
            actions: [
              { type: 'announceCreated', params: ({ event }) => ({ portfolio: event.output! }) },
              'confirmCreated',
              'leavePageIfShown',
            ],
          },
          // A 2xx without the portfolio: reload the list rather than guess.
          {
            target: 'created',
            actions: ['announceUnseen', 'confirmCreated', 'leavePageIfShown'],
          },
        ],
        onError: [
          WAIT_FOR_SESSION,
          {
            target: 'editing',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    awaitingSession: awaitingSession('submitting', { tags: 'submitting' }),
    created: { type: 'final' },
    released: { type: 'final' },
  },
});
