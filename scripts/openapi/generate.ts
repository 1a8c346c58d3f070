// docs/openapi.yaml, generated: the request and answer schemas from their valibot definitions
// (src/domain/wire/requests.ts, src/domain/wire/schemas.ts, src/domain/import/rows.ts) by
// @valibot/to-json-schema, and everything else from ./document.yaml: the calls, their answers and
// examples, security, cookies, headers, the primitives (whose JSON form no schema can show), and
// what the document says of each generated schema beyond its shape (descriptions, examples,
// Laravel's rules, the narrower types and the fields a backend of Formue always sends). A field
// of the prose that gives a type stands for the generated one; the prose cannot add a field (but
// those of UNREAD) nor make one optional.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toJsonSchemaDefs, type JsonSchema } from '@valibot/to-json-schema';
import { formatted } from '../format.mjs';
import type * as v from 'valibot';
import { parse, parseDocument } from 'yaml';
import * as imports from '../../src/domain/import/rows';
import * as requests from '../../src/domain/wire/requests';
import * as schemas from '../../src/domain/wire/schemas';

type Json = Record<string, unknown>;
type Definitions = Record<string, v.GenericSchema>;

/** The answers' schemas, as the app decodes them: a backend sends no more than they list. */
export const ANSWERS: Definitions = {
  User: schemas.user,
  Positions: schemas.positions,
  ValueChange: schemas.valueChange,
  Valuation: schemas.valuation,
  Portfolio: schemas.portfolio,
  HeldInstrument: schemas.heldInstrument,
  PendingSplit: schemas.pendingSplit,
  Investment: schemas.investment,
  Quote: schemas.quote,
  Transaction: schemas.transaction,
  EnteredAmounts: schemas.enteredAmounts,
  EnteredEvent: schemas.enteredEvent,
  Statistics: schemas.statistics,
  ChartPoint: schemas.chartPoint,
  Benchmark: schemas.benchmark,
  BenchmarkLine: schemas.benchmarkLine,
  MonthReturn: schemas.monthReturn,
  Performance: schemas.performance,
  CatalogueInstrument: schemas.catalogueInstrument,
  UnidentifiedInstrument: schemas.unidentifiedInstrument,
  DayPrice: schemas.dayPrice,
  Listing: schemas.listing,
  Suggestion: schemas.suggestion,
  SplitSuggestion: schemas.splitSuggestion,
  DividendSuggestion: schemas.dividendSuggestion,
  Income: schemas.income,
  IncomeFigures: schemas.incomeFigures,
  IncomeMonth: schemas.incomeMonth,
  ImportCounts: imports.importCounts,
  ImportRowReport: imports.importRowReport,
  ImportReport: imports.importReport,
  ImportBatch: imports.importBatch,
  FormueExport: imports.formueExport,
  TaxClass: schemas.taxClass,
  TaxSettings: schemas.taxSettings,
  YearReport: schemas.yearReport,
  ReportRules: schemas.reportRules,
  ReportTotals: schemas.reportTotals,
  ReportPortfolio: schemas.reportPortfolio,
  ReportLine: schemas.reportLine,
  AktiesparekontoYear: schemas.aktiesparekontoYear,
  DividendCountry: schemas.dividendCountry,
  ReportBox: schemas.reportBox,
  CashBalance: schemas.cashBalance,
  PortfolioCash: schemas.portfolioCash,
  CashEvent: schemas.cashEvent,
  CashAccount: schemas.cashAccount,
};

/** The requests' schemas, as the contract reads them (the import's as the app builds it). */
export const REQUESTS: Definitions = {
  Credentials: requests.credentials,
  ForgotPassword: requests.forgotPassword,
  ResetPassword: requests.resetPassword,
  Registration: requests.registration,
  ProfileUpdate: requests.profileUpdate,
  NameInput: requests.nameInput,
  CreateInvestment: requests.createInvestment,
  FirstBuyInput: requests.firstBuyInput,
  TradeInput: requests.tradeInput,
  DividendInput: requests.dividendInput,
  SplitInput: requests.splitInput,
  PriceInput: requests.priceInput,
  ListingChoice: requests.listingChoice,
  SuggestionDismissal: requests.suggestionDismissal,
  InstrumentInput: requests.instrumentInput,
  BenchmarkChoice: requests.benchmarkChoice,
  ImportRequest: imports.importRequest,
  ImportRow: imports.importRow,
  PortfolioInput: requests.portfolioInput,
  TaxClassInput: requests.taxClassInput,
  TaxSettingsInput: requests.taxSettingsInput,
  PortfolioUpdate: requests.portfolioUpdate,
  CashEventInput: requests.cashEventInput,
};

/** The answers' primitives, checks no schema can show: their JSON forms are in the prose. */
const PRIMITIVES: Definitions = { Id: schemas.id, Decimal: schemas.decimal, Day: schemas.day };

export const GENERATED: readonly string[] = [...Object.keys(ANSWERS), ...Object.keys(REQUESTS)];

/** Fields a backend sends that the app has no use for: the correction form knows its investment. */
const UNREAD: Record<string, readonly string[]> = { EnteredEvent: ['investment_id', 'hide'] };

const HERE = import.meta.url;
const PROSE = fileURLToPath(new URL('document.yaml', HERE));
export const OPENAPI_PATH = fileURLToPath(new URL('../../docs/openapi.yaml', HERE));

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that say what type a value is: where the prose gives one, the generated ones go. */
const SHAPE = ['$ref', 'type', 'anyOf', 'oneOf', 'allOf', 'const', 'enum', 'format', 'pattern'];

function convert(definitions: Definitions): Record<string, JsonSchema> {
  return toJsonSchemaDefs(
    { ...PRIMITIVES, ...definitions },
    {
      target: 'draft-2020-12',
      // The wire is what the decoders and the contract take in: before their transformations.
      typeMode: 'input',
      // A custom schema's or check's JSON form is the `v.metadata` beside it; a case folded
      // before its check is the prose's to say.
      ignoreActions: ['check', 'raw_check', 'partial_check', 'to_lower_case'],
      overrideSchema: ({ valibotSchema }) => (valibotSchema.type === 'custom' ? {} : undefined),
      overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
    },
  );
}

/**
 * A `$ref` from `v.metadata` names the whole type: the type its schema gives beside it goes. An
 * answer's default is what the app fills in, nothing a backend sends.
 */
function tidy(node: unknown, closed: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => tidy(item, closed));
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== '$ref' && SHAPE.includes(key) && '$ref' in node) continue;
    if (key === 'default' && closed) continue;
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([name, inner]) => [name, tidy(inner, closed)]),
          )
        : tidy(value, closed);
  }
  // An answer has no fields beyond its schema's: the app would not read them.
  if (closed && out.type === 'object' && isObject(out.properties)) out.additionalProperties = false;
  return out;
}

/** The generated schema with the prose's node over it (see the top of this file). */
export function overlay(
  generated: unknown,
  prose: unknown,
  where: string,
  unread: readonly string[] = [],
): unknown {
  if (!isObject(prose) || SHAPE.some((key) => key in prose)) return prose;
  if (!isObject(generated)) throw new Error(`${where}: the prose describes what no schema has`);
  const out: Json = { ...generated };
  for (const [key, value] of Object.entries(prose)) {
    if (key === 'properties') {
      const properties = isObject(out.properties) ? out.properties : {};
      if (!isObject(value)) throw new Error(`${where}.properties: not an object`);
      const added = Object.keys(value).filter((name) => !(name in properties));
      for (const name of added)
        if (!unread.includes(name))
          throw new Error(`${where}.${name}: no such field in the schema`);
      out.properties = Object.fromEntries([
        ...Object.entries(properties).map(([name, inner]) => [
          name,
          name in value ? overlay(inner, value[name], `${where}.${name}`) : inner,
        ]),
        ...added.map((name) => [name, value[name]]),
      ]);
    } else if (key === 'required') {
      const required = Array.isArray(out.required) ? (out.required as string[]) : [];
      if (!Array.isArray(value) || !required.every((name) => value.includes(name)))
        throw new Error(`${where}: the prose may add to the required fields, not drop one`);
      out.required = value;
    } else if (key === 'items' || key === 'additionalProperties') {
      out[key] = overlay(out[key], value, `${where}.${key}`);
    } else out[key] = value;
  }
  return out;
}

/** Every schema node must say something of its type: an empty one is a check without its form. */
function assertTyped(node: unknown, where: string): void {
  if (Array.isArray(node)) node.forEach((item, i) => assertTyped(item, `${where}[${i}]`));
  if (!isObject(node)) return;
  if (Object.keys(node).length === 0) throw new Error(`${where}: a schema without a JSON form`);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value))
      for (const [name, inner] of Object.entries(value)) assertTyped(inner, `${where}.${name}`);
    else if (['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'].includes(key))
      assertTyped(value, `${where}.${key}`);
  }
}

/** The document, as an object. */
export function openApiDocument(): Json {
  const prose = parse(readFileSync(PROSE, 'utf8')) as Json;
  const components = prose.components as Json;
  const written = components.schemas as Json;
  const generated: Json = {};
  for (const [definitions, closed] of [
    [ANSWERS, true],
    [REQUESTS, false],
  ] as const) {
    const converted = convert(definitions);
    for (const name of Object.keys(definitions)) generated[name] = tidy(converted[name], closed);
  }
  for (const name of Object.keys(PRIMITIVES))
    if (!isObject(written[name])) throw new Error(`${name}: a primitive the prose must write`);
  const schemasOut: Json = {};
  for (const [name, node] of Object.entries(written)) {
    schemasOut[name] =
      name in generated ? overlay(generated[name], node ?? {}, name, UNREAD[name]) : node;
    assertTyped(schemasOut[name], name);
  }
  const missing = GENERATED.filter((name) => !(name in written));
  if (missing.length > 0) throw new Error(`the prose lists no place for ${missing.join(', ')}`);
  return { ...prose, components: { ...components, schemas: schemasOut } };
}

const HEADER = [
  ' Generated by `npm run openapi` from the valibot schemas of src/domain and the prose of',
  ' scripts/openapi/document.yaml: edit those, not this file.',
].join('\n');

/** docs/openapi.yaml's text: the prose as written, with the schemas put in their places. */
export async function openApiText(): Promise<string> {
  const document = parseDocument(readFileSync(PROSE, 'utf8'));
  const schemas = (openApiDocument().components as Json).schemas as Json;
  for (const name of GENERATED)
    document.setIn(['components', 'schemas', name], document.createNode(schemas[name]));
  document.commentBefore = HEADER;
  const text = document.toString({ lineWidth: 100, minContentWidth: 40 });
  return formatted(OPENAPI_PATH, text);
}
