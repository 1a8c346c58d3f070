// The year report (issue 39): loads the report of a year with the user's tax settings, saves its
// CSV, and sets "married" (which doubles the share income limit), reloading the report after.
import { assign, fromPromise, setup } from 'xstate';
import type { Api, TaxSettings, YearReport } from '../../api';
import { messageOf } from '../../api/errors';
import {
  awaitingSession,
  sessionLostIn,
  sessionRestored,
  WAIT_FOR_SESSION,
  type FlowEvent,
  type SessionRef,
} from '../app/flow';

/** A file to save: its name, media type and text. */
export interface ReportFile {
  name: string;
  type: string;
  text: string;
}

export type ReportEvent =
  | { type: 'csv.requested' }
  | { type: 'married.set'; married: boolean }
  | { type: 'retry' }
  | FlowEvent;

export interface ReportInput {
  api: Api;
  session: SessionRef;
  year: number;
  /** Saves the file on the device (the UI's Blob download). */
  download: (file: ReportFile) => void;
}

export interface ReportContext extends ReportInput {
  report: YearReport | undefined;
  settings: TaxSettings | undefined;
  failure: string | undefined;
}

export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as ReportInput,
    tags: {} as 'loading' | 'downloading' | 'saving',
  },
  actors: {
    load: fromPromise<{ report: YearReport; settings: TaxSettings }, { api: Api; year: number }>(
      async ({ input }) => {
        const calls = await input.api.reports();
        const [report, settings] = await Promise.all([
          calls.getReport(input.year),
          calls.getTaxSettings(),
        ]);
        return { report, settings };
      },
    ),
    csv: fromPromise<ReportFile, { api: Api; year: number }>(async ({ input }) => ({
      name: `formue-tax-${input.year}.csv`,
      type: 'text/csv;charset=utf-8',
      text: await (await input.api.reports()).getReportCsv(input.year),
    })),
    saveSettings: fromPromise<TaxSettings, { api: Api; settings: TaxSettings }>(async ({ input }) =>
      (await input.api.reports()).setTaxSettings(input.settings),
    ),
    sessionRestored,
  },
  actions: {
    save: ({ context }, { file }: { file: ReportFile }) => context.download(file),
  },
  guards: {
    sessionLost: sessionLostIn,
  },
}).createMachine({
  id: 'report',
  context: ({ input }) => ({
    ...input,
    report: undefined,
    settings: undefined,
    failure: undefined,
  }),
  initial: 'loading',
  on: { 'flow.detached': '.released' },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ api: context.api, year: context.year }),
        onDone: {
          target: 'shown',
          actions: assign({
            report: ({ event }) => event.output.report,
            settings: ({ event }) => event.output.settings,
            failure: undefined,
          }),
        },
        onError: [
          WAIT_FOR_SESSION,
          { target: 'failed', actions: assign({ failure: ({ event }) => messageOf(event.error) }) },
        ],
      },
    },
    shown: {
      on: {
        'csv.requested': 'downloading',
        'married.set': { target: 'saving', actions: assign({ failure: undefined }) },
      },
    },
    downloading: {
      tags: 'downloading',
      invoke: {
        src: 'csv',
        input: ({ context }) => ({ api: context.api, year: context.year }),
        onDone: {
          target: 'shown',
          actions: { type: 'save', params: ({ event }) => ({ file: event.output }) },
        },
        onError: {
          target: 'shown',
          actions: assign({ failure: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'saveSettings',
        input: ({ context, event }) => ({
          api: context.api,
          settings: { married: event.type === 'married.set' ? event.married : false },
        }),
        onDone: 'loading',
        onError: {
          target: 'shown',
          actions: assign({ failure: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    awaitingSession: awaitingSession('loading', { tags: 'loading', dropTo: 'released' }),
    released: { type: 'final' },
  },
});
