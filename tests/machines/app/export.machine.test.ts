// Profile → Export (export.machine.ts): the file the call answers is handed to `download`.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Api } from '../../../src/api';
import {
  exportMachine,
  type ExportFile,
  type ExportFormat,
} from '../../../src/machines/profile/export.machine';
import { fakeApi, fakeSession, flush, http, offline } from '../support';

function start() {
  const exportData = vi.fn((format: ExportFormat) =>
    Promise.resolve<ExportFile>({ name: `formue.${format}`, type: 'text/plain', text: '{}' }),
  );
  const download = vi.fn<(file: ExportFile) => void>();
  const session = fakeSession();
  const actor = createActor(
    exportMachine.provide({
      actors: {
        exportData: fromPromise<ExportFile, { api: Api; format: ExportFormat }>(({ input }) =>
          exportData(input.format),
        ),
      },
    }),
    { input: { api: fakeApi(), session: session.session, download } },
  ).start();
  return { actor, exportData, download, session };
}

describe('export', () => {
  it.each(['json', 'csv'] as const)('downloads the %s file the call answers', async (format) => {
    const { actor, exportData, download } = start();
    actor.send({ type: 'export.requested', format });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    await flush();
    expect(exportData).toHaveBeenCalledWith(format);
    expect(download).toHaveBeenCalledWith({
      name: `formue.${format}`,
      type: 'text/plain',
      text: '{}',
    });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('a failure says why and downloads nothing', async () => {
    const { actor, exportData, download } = start();
    exportData.mockRejectedValue(offline());
    actor.send({ type: 'export.requested', format: 'csv' });
    await flush();
    expect(actor.getSnapshot().context.failure).toMatch(/offline/);
    expect(download).not.toHaveBeenCalled();
  });

  it('a lost session waits for the login, then exports', async () => {
    const { actor, exportData, download, session } = start();
    exportData.mockRejectedValueOnce(http(401));
    actor.send({ type: 'export.requested', format: 'json' });
    await flush();
    expect(actor.getSnapshot().matches('awaitingSession')).toBe(true);
    session.restore();
    await flush();
    expect(download).toHaveBeenCalledTimes(1);
  });
});
