// Profile → Export (issue 26): everything the user has, as Formue's versioned JSON or its canonical
// CSV (GET /api/v1/export[?format=csv]). The call goes through the API client, as every call does
// (the demo's Mirage answers it too, and a VITE_API_URL on another origin gets the session's
// cookie); the UI's `download` turns the answer into a file (decisions.md "Export").
import { assign, fromPromise, setup } from 'xstate';
import type { Api, ImportCalls } from '../../api';
import { messageOf } from '../../api/errors';
import {
  awaitingSession,
  sessionLostIn,
  sessionRestored,
  WAIT_FOR_SESSION,
  type FlowEvent,
  type SessionRef,
} from '../app/flow';

export type ExportFormat = 'json' | 'csv';

/** A file to save: its name, media type and text. */
export interface ExportFile {
  name: string;
  type: string;
  text: string;
}

/** The answer as a file: `formue-export.json` (indented), or `formue-export.csv` as sent. */
export function exportFile(answer: Awaited<ReturnType<ImportCalls['exportData']>>): ExportFile {
  return answer.format === 'csv'
    ? { name: 'formue-export.csv', type: 'text/csv;charset=utf-8', text: answer.text }
    : {
        name: 'formue-export.json',
        type: 'application/json',
        text: `${JSON.stringify(answer.data, null, 2)}\n`,
      };
}

export type ExportEvent = { type: 'export.requested'; format: ExportFormat } | FlowEvent;

export interface ExportInput {
  api: Api;
  session: SessionRef;
  /** Saves the file on the device (the UI's Blob download). */
  download: (file: ExportFile) => void;
}

export interface ExportContext extends ExportInput {
  format: ExportFormat;
  failure: string | undefined;
}

export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
    tags: {} as 'exporting',
  },
  actors: {
    exportData: fromPromise<ExportFile, { api: Api; format: ExportFormat }>(async ({ input }) =>
      exportFile(await (await input.api.imports()).exportData(input.format)),
    ),
    sessionRestored,
  },
  actions: {
    save: ({ context }, { file }: { file: ExportFile }) => context.download(file),
  },
  guards: {
    sessionLost: sessionLostIn,
  },
}).createMachine({
  id: 'export',
  context: ({ input }) => ({ ...input, format: 'json', failure: undefined }),
  initial: 'idle',
  on: { 'flow.detached': '.released' },
  states: {
    idle: {
      on: {
        'export.requested': {
          target: 'exporting',
          actions: assign({ format: ({ event }) => event.format, failure: undefined }),
        },
      },
    },
    exporting: {
      tags: 'exporting',
      invoke: {
        src: 'exportData',
        input: ({ context }) => ({ api: context.api, format: context.format }),
        onDone: {
          target: 'idle',
          actions: { type: 'save', params: ({ event }) => ({ file: event.output }) },
        },
        onError: [
          WAIT_FOR_SESSION,
          {
            target: 'idle',
            actions: assign({ failure: ({ event }) => messageOf(event.error) }),
          },
        ],
      },
    },
    awaitingSession: awaitingSession('exporting', { tags: 'exporting', dropTo: 'released' }),
    released: { type: 'final' },
  },
});
