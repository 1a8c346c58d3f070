// The tax year (issue 39): the year report and its CSV, an investment's tax class and the user's
// override of it, and the user's tax settings. Formue's own calls.
import { taxClassInput, taxSettingsInput } from '../../domain/wire/requests';
import { rulesFor, TAX_RULE_YEARS, taxClassOf } from '../../domain/tax';
import {
  json,
  noContent,
  text,
  unprocessable,
  type Answer,
  type Call,
  type Route,
} from '../answers';
import { readRequest } from '../read-request';
import { ownedInvestment } from './investments.routes';
import { buildReport, reportableYear, reportCsv } from '../reports';
import type { InvestmentRow } from '../store';
import { Validator } from '../validation';

async function report(call: Call, year: number) {
  const rules = reportableYear(year, call.now);
  if (!rules) return undefined;
  const [portfolios, investments, overrides, settings] = await Promise.all([
    call.store.portfolios(call.userId),
    call.store.investments(call.userId),
    call.store.taxClasses(call.userId),
    call.store.taxSettings(call.userId),
  ]);
  // The events come with the valuation's timelines, kept between requests under their versions.
  const [valuer, rate] = await Promise.all([call.valuer(investments), call.rates()]);
  const build = () =>
    buildReport(
      {
        year,
        now: call.now,
        married: settings.married,
        portfolios,
        investments,
        overrides,
        events: investments.flatMap((i) => valuer.events(i)),
        rate,
        quote: (investment, time) => valuer.quote(investment, time),
        facts: (investment) => call.market.facts(investment),
      },
      rules,
    );
  // This year's runs to now; a past year's is kept while nothing it is made from changes.
  if (year >= new Date(call.now).getUTCFullYear()) return build();
  const fingerprint = JSON.stringify([
    settings.married,
    portfolios,
    overrides,
    investments.map((i) => [i, valuer.marketVersion(i)]),
  ]);
  return call.reports.of(`${call.userId}:${year}`, fingerprint, build);
}

const yearReport: Route = {
  method: 'GET',
  // `{year}` or `{year}.csv`: one segment, read here.
  path: '/api/v1/reports/{year}',
  access: 'auth',
  handle: async (call) => {
    const [, yearText, csv] = /^(\d{4})(\.csv)?$/.exec(call.param('year')) ?? [];
    const built = yearText ? await report(call, Number(yearText)) : undefined;
    if (!built) {
      const v = new Validator({});
      const first = TAX_RULE_YEARS[0];
      const last = Math.min(
        TAX_RULE_YEARS[TAX_RULE_YEARS.length - 1],
        new Date(call.now).getUTCFullYear(),
      );
      v.add('year', `The year field must be a year from ${first} to ${last}.`);
      return unprocessable(v);
    }
    if (!csv) return json(200, { report: built });
    return text(200, reportCsv(built), {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="formue-tax-${built.year}.csv"`,
    });
  },
};

/** The investment's class this year, and why. */
async function taxClassAnswer(call: Call, row: InvestmentRow): Promise<Answer> {
  const year = new Date(call.now).getUTCFullYear();
  const [portfolios, overrides] = await Promise.all([
    call.store.portfolios(call.userId),
    call.store.taxClasses(call.userId),
  ]);
  const facts = call.market.facts(row);
  const resolved = taxClassOf(
    { assetClass: facts.asset_class, isin: facts.code },
    portfolios.find((p) => p.id === row.portfolioId)?.kind ?? 'free',
    // The rules' latest list for a year past the table's.
    rulesFor(year) ? year : TAX_RULE_YEARS[TAX_RULE_YEARS.length - 1],
    overrides.find((o) => o.investmentId === row.id),
  );
  return json(200, { tax_class: { year, ...resolved, reason: resolved.reason ?? null } });
}

const taxClassPath = '/api/v1/investments/{id}/tax-class';

export function reportRoutes(): Route[] {
  return [
    yearReport,
    {
      method: 'GET',
      path: taxClassPath,
      access: 'auth',
      handle: (call) => ownedInvestment(call, (row) => taxClassAnswer(call, row)),
    },
    {
      method: 'PUT',
      path: taxClassPath,
      access: 'auth',
      handle: (call) =>
        ownedInvestment(call, async (row) => {
          const { value: body, errors } = readRequest(taxClassInput, call.body);
          if (!body) return unprocessable(errors);
          await call.store.setTaxClass(call.userId, row.id, body);
          return taxClassAnswer(call, row);
        }),
    },
    {
      method: 'DELETE',
      path: taxClassPath,
      access: 'auth',
      handle: (call) =>
        ownedInvestment(call, async (row) => {
          await call.store.setTaxClass(call.userId, row.id, null);
          return noContent();
        }),
    },
    {
      method: 'GET',
      path: '/api/v1/tax-settings',
      access: 'auth',
      handle: async (call) => json(200, { settings: await call.store.taxSettings(call.userId) }),
    },
    {
      method: 'PUT',
      path: '/api/v1/tax-settings',
      access: 'auth',
      handle: async (call) => {
        const { value: body, errors } = readRequest(taxSettingsInput, call.body);
        if (!body) return unprocessable(errors);
        await call.store.setTaxSettings(call.userId, body);
        return json(200, { settings: body });
      },
    },
  ];
}
