// Forgot password and Reset password (issue 27): one form each, on screens of their own that load
// with their code. A reset that succeeds tells the auth machine, as it ends every session.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Api } from '../../api';
import type { PasswordReset } from '../../domain/types';
import type { AuthEvent } from './auth-setup';
import { formFailure, type FormErrors } from '../forms/form-errors';

export type PasswordField = 'email' | 'password';
/** The server's keys; the token's errors (a link cut short) are the form's. */
const PASSWORD_KEYS: Readonly<Record<string, PasswordField>> = {
  email: 'email',
  password: 'password',
  password_confirmation: 'password',
};

export type PasswordRequest =
  | { kind: 'forgot'; email: string }
  | ({ kind: 'reset' } & PasswordReset);

export interface PasswordInput {
  api: Api;
  /** The auth machine, told of a reset. */
  auth: { send(event: AuthEvent): void };
}

export interface PasswordContext extends PasswordInput {
  fieldErrors: FormErrors<PasswordField>;
  formError: string | undefined;
  /** The server's answer to the last request, e.g. that the link was sent. */
  sent: string | undefined;
}

export type PasswordEvent = { type: 'password.submitted'; request: PasswordRequest };

export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    input: {} as PasswordInput,
    events: {} as PasswordEvent,
    tags: {} as 'submitting',
  },
  actors: {
    send: fromPromise<
      { kind: PasswordRequest['kind']; message: string },
      { api: Api; request: PasswordRequest }
    >(async ({ input: { api, request } }) => {
      if (request.kind === 'forgot')
        return { kind: request.kind, message: await api.forgotPassword(request.email) };
      const { kind, ...reset } = request;
      return { kind, message: await api.resetPassword(reset) };
    }),
  },
}).createMachine({
  id: 'password',
  context: ({ input }) => ({ ...input, fieldErrors: {}, formError: undefined, sent: undefined }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'password.submitted': { target: 'sending' } },
    },
    sending: {
      tags: 'submitting',
      entry: assign({ fieldErrors: {}, formError: undefined, sent: undefined }),
      invoke: {
        src: 'send',
        input: ({ context, event }) => {
          assertEvent(event, 'password.submitted');
          return { api: context.api, request: event.request };
        },
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'reset',
            target: 'done',
            actions: ({ context }) => context.auth.send({ type: 'password.reset' }),
          },
          { target: 'editing', actions: assign({ sent: ({ event }) => event.output.message }) },
        ],
        onError: {
          target: 'editing',
          actions: assign(({ event }) => formFailure(event.error, PASSWORD_KEYS)),
        },
      },
    },
    done: { type: 'final' },
  },
});
