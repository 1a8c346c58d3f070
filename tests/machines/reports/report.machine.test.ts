// The year report (report.machine.ts): loads the year with the settings, saves the CSV, and
// reloads after Married is set.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Api, TaxSettings, YearReport } from '../../../src/api';
import { reportMachine, type ReportFile } from '../../../src/machines/reports';
import { fakeApi, fakeSession, flush, offline } from '../support';

const REPORT = { year: 2025 } as YearReport;

function start(failFirst = false) {
  const load = vi.fn((year: number) =>
    Promise.resolve({ report: { ...REPORT, year }, settings: { married: false } }),
  );
  if (failFirst) load.mockRejectedValueOnce(offline());
  const csv = vi.fn((year: number) =>
    Promise.resolve<ReportFile>({ name: `formue-tax-${year}.csv`, type: 'text/csv', text: 'a,b' }),
  );
  const saveSettings = vi.fn((settings: TaxSettings) => Promise.resolve(settings));
  const download = vi.fn<(file: ReportFile) => void>();
  const actor = createActor(
    reportMachine.provide({
      actors: {
        load: fromPromise<
          { report: YearReport; settings: TaxSettings },
          { api: Api; year: number }
        >(({ input }) => load(input.year)),
        csv: fromPromise<ReportFile, { api: Api; year: number }>(({ input }) => csv(input.year)),
        saveSettings: fromPromise<TaxSettings, { api: Api; settings: TaxSettings }>(({ input }) =>
          saveSettings(input.settings),
        ),
      },
    }),
    { input: { api: fakeApi(), session: fakeSession().session, year: 2025, download } },
  ).start();
  return { actor, load, csv, saveSettings, download };
}

describe('the year report', () => {
  it('loads the year, then saves its CSV', async () => {
    const { actor, load, download } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(load).toHaveBeenCalledWith(2025);
    expect(actor.getSnapshot().context.report?.year).toBe(2025);
    actor.send({ type: 'csv.requested' });
    await flush();
    expect(download).toHaveBeenCalledWith({
      name: 'formue-tax-2025.csv',
      type: 'text/csv',
      text: 'a,b',
    });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });

  it('saves Married and loads the report again', async () => {
    const { actor, load, saveSettings } = start();
    await flush();
    actor.send({ type: 'married.set', married: true });
    await flush();
    expect(saveSettings).toHaveBeenCalledWith({ married: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says why it failed, and tries again', async () => {
    const { actor } = start(true);
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeTruthy();
    actor.send({ type: 'retry' });
    await flush();
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });
});
