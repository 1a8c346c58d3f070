// The tax year's calls (issue 39): the year report and its CSV, and the user's tax settings. Only
// the report screen makes them, so api.ts loads this module at the first of them (the start-up
// budget), as it does the price and import calls.
import * as v from 'valibot';
import { taxSettings, yearReport } from '../domain/schemas';
import { decode, field } from './decode';
import type { Http } from './http';

export type YearReport = v.InferOutput<typeof yearReport>;
export type TaxSettings = v.InferOutput<typeof taxSettings>;

export interface ReportCalls {
  getReport(year: number): Promise<YearReport>;
  /** The report as CSV text, to save as a file. */
  getReportCsv(year: number): Promise<string>;
  getTaxSettings(): Promise<TaxSettings>;
  setTaxSettings(settings: TaxSettings): Promise<TaxSettings>;
}

export function createReportCalls(http: Http): ReportCalls {
  return {
    getReport: async (year) =>
      field(await http.request('GET', `/reports/${year}`), 'report', yearReport),
    getReportCsv: async (year) =>
      decode(
        v.string('a string'),
        await http.request('GET', `/reports/${year}.csv`, { text: true }),
        'body',
      ),
    getTaxSettings: async () =>
      field(await http.request('GET', '/tax-settings'), 'settings', taxSettings),
    setTaxSettings: async (settings) =>
      field(
        await http.request('PUT', '/tax-settings', { body: settings }),
        'settings',
        taxSettings,
      ),
  };
}
