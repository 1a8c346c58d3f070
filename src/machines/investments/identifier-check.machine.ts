// The instrument code field (product-spec section 5 "Identifier field"): upper-cased on input,
// checked 500 ms after the last keystroke; stock codes by format and check digit, then by the
// server; crypto symbols by the server only. A newer input cancels the check in flight, so a
// stale answer never lands.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import { instrumentRefusal, isValidIsin, normaliseIdentifier } from '../../domain/isin';
import type { InstrumentType } from '../../domain/types';

export const IDENTIFIER_DEBOUNCE_MS = 500;
export const INVALID_ISIN = 'Must be a valid ISIN code';
export const INVALID_SYMBOL = 'Must be a valid Crypto Symbol';

export type IdentifierEvent =
  | { type: 'identifier.changed'; value: string }
  | { type: 'identifier.type.changed'; instrumentType: InstrumentType };

export type IdentifierStatus = 'pending' | 'valid' | 'invalid' | 'unverified';

/** Sent to the parent (the paged form) whenever the verdict changes. */
export interface IdentifierVerdict {
  type: 'identifier.verdict';
  code: string;
  status: IdentifierStatus;
  message: string | undefined;
  /** What is wrong, under the spec's message: the check digit, the length, an unknown code. */
  detail: string | undefined;
}

export interface IdentifierInput {
  api: Api;
  instrumentType: InstrumentType;
  code?: string;
}

export interface IdentifierContext {
  api: Api;
  instrumentType: InstrumentType;
  /** The field's value, upper-cased. */
  code: string;
  /** Shown under the field while invalid, or why the server could not be asked. */
  message: string | undefined;
  detail: string | undefined;
}

function invalidMessage(type: InstrumentType): string {
  return type === 'stock' ? INVALID_ISIN : INVALID_SYMBOL;
}

export const identifierCheckMachine = setup({
  types: {
    context: {} as IdentifierContext,
    events: {} as IdentifierEvent,
    input: {} as IdentifierInput,
    tags: {} as 'checking' | 'invalid',
  },
  actors: {
    askServer: fromPromise<boolean, { api: Api; code: string; instrumentType: InstrumentType }>(
      ({ input }) => input.api.validateInstrument(input.code, input.instrumentType),
    ),
  },
  actions: {
    reportVerdict: sendParent(
      ({ context }, params: { status: IdentifierStatus }): IdentifierVerdict => ({
        type: 'identifier.verdict',
        code: context.code,
        status: params.status,
        message: context.message,
        detail: context.detail,
      }),
    ),
    flagInvalid: assign(({ context }) => ({
      message: invalidMessage(context.instrumentType),
      // Past the local check only the server's "unknown" is left to say.
      detail: instrumentRefusal(context.instrumentType, normaliseIdentifier(context.code), false),
    })),
    clearMessage: assign({ message: undefined, detail: undefined }),
  },
  guards: {
    isEmpty: ({ context }) => normaliseIdentifier(context.code) === '',
    failsLocalCheck: ({ context }) =>
      context.instrumentType === 'stock' && !isValidIsin(normaliseIdentifier(context.code)),
  },
  delays: { debounce: IDENTIFIER_DEBOUNCE_MS },
}).createMachine({
  id: 'identifier',
  context: ({ input }) => ({
    api: input.api,
    instrumentType: input.instrumentType,
    code: (input.code ?? '').toUpperCase(),
    message: undefined,
    detail: undefined,
  }),
  initial: 'routing',
  on: {
    'identifier.changed': {
      target: '.routing',
      reenter: true,
      actions: assign({ code: ({ event }) => event.value.toUpperCase() }),
    },
    'identifier.type.changed': {
      target: '.checking',
      reenter: true,
      actions: assign({ instrumentType: ({ event }) => event.instrumentType }),
    },
  },
  states: {
    routing: {
      always: [{ guard: 'isEmpty', target: 'empty' }, { target: 'debouncing' }],
    },
    empty: {
      entry: ['clearMessage', { type: 'reportVerdict', params: { status: 'pending' } }],
      // Nothing to check yet, but the type must still switch (the message depends on it).
      on: {
        'identifier.type.changed': {
          actions: assign({ instrumentType: ({ event }) => event.instrumentType }),
        },
      },
    },
    debouncing: {
      tags: 'checking',
      entry: ['clearMessage', { type: 'reportVerdict', params: { status: 'pending' } }],
      after: { debounce: 'checking' },
    },
    checking: {
      tags: 'checking',
      initial: 'local',
      states: {
        local: {
          always: [
            { guard: 'failsLocalCheck', target: '#identifier.invalid' },
            { target: 'server' },
          ],
        },
        server: {
          invoke: {
            src: 'askServer',
            input: ({ context }) => ({
              api: context.api,
              code: normaliseIdentifier(context.code),
              instrumentType: context.instrumentType,
            }),
            onDone: [
              { guard: ({ event }) => event.output, target: '#identifier.valid' },
              { target: '#identifier.invalid' },
            ],
            // Could not ask: not flagged invalid, the create call has the last word.
            onError: {
              target: '#identifier.unverified',
              actions: assign({ message: ({ event }) => messageOf(event.error) }),
            },
          },
        },
      },
    },
    valid: {
      entry: ['clearMessage', { type: 'reportVerdict', params: { status: 'valid' } }],
    },
    invalid: {
      tags: 'invalid',
      entry: ['flagInvalid', { type: 'reportVerdict', params: { status: 'invalid' } }],
    },
    unverified: {
      entry: { type: 'reportVerdict', params: { status: 'unverified' } },
    },
  },
});
