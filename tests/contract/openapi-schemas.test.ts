// docs/openapi.yaml against the code's one definition of each shape: the answers' schemas
// (src/domain/schemas.ts and src/domain/import/rows.ts, which the app decodes with), the import's
// request schemas (which the app builds its requests to) and the amounts' rules of the requests
// (AMOUNT_RULES, which the contract validates with). A field added, dropped, made optional or
// given another enum on one side only fails here.
import { describe, expect, it } from 'vitest';
import { AMOUNT_RULES, type AmountRule } from '../../src/domain/amount-rules';
import * as imports from '../../src/domain/import/rows';
import { MAX_QUANTITY } from '../../src/domain/numbers';
import * as schemas from '../../src/domain/schemas';
import { openApiDocument, resolvePointer } from './openapi';

type Json = Record<string, unknown>;

/** What this test reads of a valibot schema (the fields its schemas, pipes and wrappers carry). */
interface Schema {
  type: string;
  entries?: Record<string, Schema>;
  item?: Schema;
  wrapped?: Schema;
  options?: readonly unknown[];
  literal?: unknown;
  pipe?: readonly Schema[];
}

const asSchema = (schema: object) => schema as Schema;

/** A documented schema with its `$ref`s followed; a nullable `anyOf` gives its other branch. */
function documented(node: unknown): Json {
  let value = node as Json;
  for (;;) {
    if (typeof value.$ref === 'string')
      value = resolvePointer(openApiDocument(), value.$ref.slice(1)) as Json;
    else if (Array.isArray(value.anyOf))
      value = (value.anyOf as Json[]).find((branch) => branch.type !== 'null') ?? {};
    else return value;
  }
}

function component(name: string): Json {
  return documented({ $ref: `#/components/schemas/${name}` });
}

/** Whether the document lets the field be null, directly or through its `$ref`s. */
function docNullable(node: unknown): boolean {
  const value = node as Json;
  if (Array.isArray(value.anyOf))
    return (value.anyOf as Json[]).some((branch) => branch.type === 'null' || docNullable(branch));
  if (typeof value.$ref === 'string')
    return docNullable(resolvePointer(openApiDocument(), value.$ref.slice(1)));
  return Array.isArray(value.type) && value.type.includes('null');
}

/** An entry's schema without its optional or nullish wrapper, and what the wrapper allows. */
function unwrap(entry: Schema): { core: Schema; optional: boolean; acceptsNull: boolean } {
  const optional = ['optional', 'nullish', 'exact_optional'].includes(entry.type);
  const acceptsNull = ['nullish', 'nullable'].includes(entry.type);
  return {
    core: optional || acceptsNull ? (entry.wrapped ?? entry) : entry,
    optional,
    acceptsNull,
  };
}

/** The values an entry is limited to (a picklist, a literal, or one in its pipe), if any. */
function enumOf(schema: Schema): readonly unknown[] | undefined {
  for (const step of [schema, ...(schema.pipe ?? [])]) {
    if (step.type === 'picklist') return step.options;
    if (step.type === 'literal') return [step.literal];
  }
  return undefined;
}

function docEnum(doc: Json): readonly unknown[] | undefined {
  if (Array.isArray(doc.enum)) return doc.enum as unknown[];
  return 'const' in doc ? [doc.const] : undefined;
}

const docTypes = (doc: Json): unknown[] => (Array.isArray(doc.type) ? doc.type : [doc.type]);

/**
 * Where `schema` (an object schema) and the documented object `doc` differ. `unread`: fields the
 * document gives that the app has no use for. An answer may have more than the app needs (a
 * field the document makes optional or nullable, the app may not); a request must send what the
 * document requires, and may leave out what it allows.
 */
function differences(
  where: string,
  schema: Schema,
  doc: Json,
  unread: string[] = [],
  side: 'answer' | 'request' = 'answer',
): string[] {
  const found: string[] = [];
  const entries = schema.entries ?? {};
  const properties = (doc.properties ?? {}) as Record<string, Json>;
  const required = (doc.required ?? []) as string[];
  for (const [key, entry] of Object.entries(entries)) {
    const at = `${where}.${key}`;
    const property = properties[key];
    if (!property) {
      found.push(`${at}: read by the app, not documented`);
      continue;
    }
    const { core, optional, acceptsNull } = unwrap(entry);
    const shape = documented(property);
    if (side === 'answer' && !optional && !required.includes(key))
      found.push(`${at}: required by the app, optional in the document`);
    if (side === 'request' && optional && required.includes(key))
      found.push(`${at}: optional in the app, required by the document`);
    if (side === 'answer' && docNullable(property) && !acceptsNull)
      found.push(`${at}: null in the document, refused by the app`);
    if (side === 'request' && acceptsNull && !docNullable(property))
      found.push(`${at}: null sent by the app, refused by the document`);
    const [ours, theirs] = [enumOf(core), docEnum(shape)];
    // An app that keeps any string (a price source, a currency) reads more than is documented.
    if (ours && JSON.stringify(ours) !== JSON.stringify(theirs))
      found.push(
        `${at}: values ${JSON.stringify(ours)} in the app, ${JSON.stringify(theirs)} documented`,
      );
    if ((core === asSchema(schemas.day)) !== (shape.format === 'date'))
      found.push(`${at}: a day in one, not in the other`);
    if (
      core === asSchema(schemas.decimal) &&
      !docTypes(shape).some((t) => t === 'number' || t === 'integer')
    )
      found.push(`${at}: a number in the app, not documented as one`);
    if (core.entries) found.push(...differences(at, core, shape, [], side));
    if (core.item?.entries)
      found.push(...differences(`${at}[]`, core.item, documented(shape.items), [], side));
  }
  const use = side === 'answer' ? 'read' : 'sent';
  for (const key of Object.keys(properties))
    if (!(key in entries) && !unread.includes(key))
      found.push(`${where}.${key}: documented, not ${use} by the app`);
  for (const key of unread)
    if (key in entries || !(key in properties))
      found.push(`${where}.${key}: listed as unread, but read or not documented`);
  return found;
}

describe('docs/openapi.yaml and the answers’ schemas', () => {
  const answers: Array<[name: string, schema: object, unread?: string[]]> = [
    ['User', schemas.user],
    ['Positions', schemas.positions],
    ['ValueChange', schemas.valueChange],
    ['Valuation', schemas.valuation],
    ['Portfolio', schemas.portfolio],
    ['Investment', schemas.investment],
    ['Quote', schemas.quote],
    ['Transaction', schemas.transaction],
    // The correction form knows its investment, and edits a split's other fields only.
    ['EnteredEvent', schemas.enteredEvent, ['investment_id', 'hide']],
    ['Statistics', schemas.statistics],
    ['ChartPoint', schemas.chartPoint],
    ['CatalogueInstrument', schemas.catalogueInstrument],
    ['DayPrice', schemas.dayPrice],
    ['Listing', schemas.listing],
    ['ImportCounts', imports.importCounts],
    ['ImportRowReport', imports.importRowReport],
    ['ImportReport', imports.importReport],
    ['ImportBatch', imports.importBatch],
    ['FormueExport', imports.formueExport],
  ];

  it.each(answers)('%s has the same fields, requirements and values', (name, schema, unread) => {
    expect(differences(name, asSchema(schema), component(name), unread)).toEqual([]);
  });

  const requests: Array<[name: string, schema: object]> = [
    ['ImportRequest', imports.importRequest],
    ['ImportRow', imports.importRow],
  ];

  it.each(requests)('the request %s sends what the document asks for', (name, schema) => {
    expect(differences(name, asSchema(schema), component(name), [], 'request')).toEqual([]);
  });

  it('Suggestion has the same kinds, each with its fields', () => {
    const kinds = component('Suggestion').oneOf as Json[];
    const options = asSchema(schemas.suggestion).options as Schema[];
    expect(options).toHaveLength(kinds.length);
    for (const option of options) {
      const kind = enumOf(option.entries?.kind ?? option)?.[0];
      const name = `${String(kind).charAt(0).toUpperCase()}${String(kind).slice(1)}Suggestion`;
      expect(kinds).toContainEqual({ $ref: `#/components/schemas/${name}` });
      expect(differences(name, option, component(name))).toEqual([]);
    }
  });

  it('finds a difference when there is one', () => {
    const doc = component('Quote');
    const properties = doc.properties as Json;
    const { source: _, ...withoutSource } = properties;
    expect(
      differences('Quote', asSchema(schemas.quote), { ...doc, properties: withoutSource }),
    ).toEqual(['Quote.source: read by the app, not documented']);
    expect(
      differences('Quote', asSchema(schemas.quote), { ...doc, required: ['price'] }),
    ).toHaveLength(4);
    expect(
      differences('Quote', asSchema(schemas.quote), {
        ...doc,
        properties: { ...properties, extra: {} },
      }),
    ).toEqual(['Quote.extra: documented, not read by the app']);
  });

  it('finds a difference in the items of a list, and in a request', () => {
    const report = component('ImportReport');
    const rowReport = component('ImportRowReport');
    const { warnings: _, ...withoutWarnings } = rowReport.properties as Json;
    const items = { ...rowReport, properties: withoutWarnings };
    expect(
      differences('ImportReport', asSchema(imports.importReport), {
        ...report,
        properties: { ...(report.properties as Json), rows: { type: 'array', items } },
      }),
    ).toEqual(['ImportReport.rows[].warnings: read by the app, not documented']);
    const row = component('ImportRow');
    expect(
      differences(
        'ImportRow',
        asSchema(imports.importRow),
        { ...row, required: [...(row.required as string[]), 'external_id'] },
        [],
        'request',
      ),
    ).toEqual(['ImportRow.external_id: optional in the app, required by the document']);
  });
});

describe('docs/openapi.yaml and the amounts’ rules of the requests', () => {
  const inputs = ['TradeInput', 'DividendInput', 'SplitInput', 'PriceInput'];
  const rules: Record<string, AmountRule> = AMOUNT_RULES;

  it.each(inputs)('%s documents each amount as the contract checks it', (name) => {
    const doc = component(name);
    const required = doc.required as string[];
    // A property that is only a reference (ExchangeRateInput) has its rules in the component.
    const properties = Object.fromEntries(
      Object.entries(doc.properties as Record<string, Json>).map(([key, property]) => [
        key,
        typeof property.$ref === 'string' && !('x-laravel-rules' in property)
          ? (resolvePointer(openApiDocument(), property.$ref.slice(1)) as Json)
          : property,
      ]),
    );
    const amounts = Object.entries(properties).filter(([, property]) =>
      String(property['x-laravel-rules']).includes('numeric'),
    );
    expect(amounts.length).toBeGreaterThan(0);
    for (const [key, property] of amounts) {
      const rule = rules[key];
      expect(rule, `${name}.${key} has a rule`).toBeDefined();
      const laravel = String(property['x-laravel-rules']);
      expect(
        {
          exclusiveMinimum: property.exclusiveMinimum,
          minimum: property.minimum,
          maximum: property.maximum,
          default: property.default,
          required: required.includes(key),
          decimals: /decimal:0,(\d+)/.exec(laravel)?.[1],
          nullable: laravel.startsWith('nullable|'),
        },
        `${name}.${key}`,
      ).toEqual({
        exclusiveMinimum: rule.greaterThan,
        minimum: rule.atLeast,
        maximum: MAX_QUANTITY,
        default: rule.fallback,
        required: rule.fallback === undefined && !rule.optional,
        decimals: String(rule.decimals),
        nullable: rule.fallback !== undefined || rule.optional === true,
      });
    }
  });

  it('every rule is an amount the document gives', () => {
    const documentedAmounts = new Set(
      inputs.flatMap((name) => Object.keys(component(name).properties as Json)),
    );
    for (const key of Object.keys(AMOUNT_RULES)) expect(documentedAmounts, key).toContain(key);
  });
});
