// The tax year's calls (issue 39): the year report and its CSV, the user's tax settings, a
// portfolio's kind and an investment's tax class. Only the tax screens and controls make them, so
// api.ts loads this module at the first of them (the start-up budget), as it does the price and
// import calls.
import * as v from 'valibot';
import { portfolio, taxClass, taxSettings, yearReport } from '../domain/wire/schemas';
import type { PortfolioKind, TaxClassOverride } from '../domain/tax';
import type { Id, Portfolio } from '../domain/types';
import { decode, field } from './decode';
import type { Http } from './http';

export type YearReport = v.InferOutput<typeof yearReport>;
export type TaxSettings = v.InferOutput<typeof taxSettings>;
/** An investment's class this year and where it came from. */
export type InvestmentTaxClass = v.InferOutput<typeof taxClass>;

export interface ReportCalls {
  getReport(year: number): Promise<YearReport>;
  /** The report as CSV text, to save as a file. */
  getReportCsv(year: number): Promise<string>;
  getTaxSettings(): Promise<TaxSettings>;
  setTaxSettings(settings: TaxSettings): Promise<TaxSettings>;
  /** A portfolio's update carries its name: the kind changes, the name stays. */
  setPortfolioKind(id: Id, name: string, kind: PortfolioKind): Promise<Portfolio>;
  getTaxClass(investmentId: Id): Promise<InvestmentTaxClass>;
  setTaxClass(investmentId: Id, override: TaxClassOverride): Promise<InvestmentTaxClass>;
  /** Drops the user's override: the rules decide again. */
  resetTaxClass(investmentId: Id): Promise<void>;
}

const taxClassPath = (id: Id) => `/investments/${encodeURIComponent(id)}/tax-class`;

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
    setPortfolioKind: async (id, name, kind) =>
      field(
        await http.request('PATCH', `/portfolios/${encodeURIComponent(id)}`, {
          body: { name, kind },
        }),
        'data',
        portfolio,
      ),
    getTaxClass: async (id) =>
      field(await http.request('GET', taxClassPath(id)), 'tax_class', taxClass),
    setTaxClass: async (id, override) =>
      field(await http.request('PUT', taxClassPath(id), { body: override }), 'tax_class', taxClass),
    resetTaxClass: async (id) => {
      await http.request('DELETE', taxClassPath(id));
    },
  };
}
