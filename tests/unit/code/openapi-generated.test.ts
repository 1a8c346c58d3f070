// docs/openapi.yaml is generated (scripts/openapi/generate.ts): it must be what the generator
// writes now, its examples must be what the code's schemas take, and the prose cannot add a field
// the schemas lack. Only valibot's public API and the document are read.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ANSWERS,
  OPENAPI_PATH,
  openApiText,
  overlay,
  REQUESTS,
} from '../../../scripts/openapi/generate';
import { AMOUNT_RULES, type AmountRule } from '../../../src/domain/rules/amount-rules';
import { MAX_QUANTITY } from '../../../src/domain/numbers';
import { openApiDocument, resolvePointer } from '../../contract/openapi';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function component(name: string): Json {
  return resolvePointer(openApiDocument(), `/components/schemas/${name}`) as Json;
}

describe('docs/openapi.yaml', () => {
  it('is what `npm run openapi` writes from the schemas and the prose', async () => {
    // Run `npm run openapi` after changing a schema of src/domain or scripts/openapi/document.yaml.
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(await openApiText());
  });

  /** Each value of an example at a `$ref` to a generated schema, with that schema's name. */
  function examplesAt(schema: unknown, example: unknown, found: Array<[string, unknown]>) {
    if (!isObject(schema)) return;
    const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
    if (ref !== undefined) {
      if (ref in ANSWERS || ref in REQUESTS) found.push([ref, example]);
      else examplesAt(component(ref), example, found);
      return;
    }
    if (isObject(schema.properties) && isObject(example))
      for (const [key, inner] of Object.entries(schema.properties))
        if (key in example) examplesAt(inner, example[key], found);
    if (schema.items !== undefined && Array.isArray(example))
      for (const item of example) examplesAt(schema.items, item, found);
  }

  it('has examples the code takes: requests by the contract’s schemas, answers by the app’s', () => {
    const found: Array<[string, unknown]> = [];
    const visit = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(visit);
      if (!isObject(node)) return;
      if ('example' in node && 'schema' in node) examplesAt(node.schema, node.example, found);
      Object.values(node).forEach(visit);
    };
    visit(openApiDocument().paths);
    expect(found.length).toBeGreaterThan(20);
    for (const [name, example] of found) {
      const schema = ANSWERS[name] ?? REQUESTS[name];
      const result = v.safeParse(schema, example);
      expect(
        result.issues?.map((issue) => issue.message),
        name,
      ).toBeUndefined();
    }
  });

  it('refuses prose that adds a field, or makes one optional', () => {
    const generated = { type: 'object', required: ['a'], properties: { a: { type: 'string' } } };
    expect(() => overlay(generated, { properties: { b: { description: 'b' } } }, 'X')).toThrow(
      'X.b: no such field in the schema',
    );
    expect(() => overlay(generated, { required: [] }, 'X')).toThrow(/not drop one/);
    expect(overlay(generated, { properties: { a: { description: 'A' } } }, 'X')).toEqual({
      ...generated,
      properties: { a: { type: 'string', description: 'A' } },
    });
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
          required: required.includes(key),
          decimals: /decimal:0,(\d+)/.exec(laravel)?.[1],
          nullable: laravel.startsWith('nullable|'),
        },
        `${name}.${key}`,
      ).toEqual({
        exclusiveMinimum: rule.greaterThan,
        minimum: rule.atLeast,
        maximum: MAX_QUANTITY,
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
