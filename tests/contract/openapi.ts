// docs/openapi.yaml as a checker: every answer a contract test sees can be held against what the
// document promises for that call (status listed, body valid against its schema, headers there).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** The document's base for Ajv: `#/components/...` refs resolve inside the whole document. */
const BASE = 'https://formue.invalid/openapi.json';

type Json = Record<string, unknown>;

interface Header {
  required?: boolean;
  schema?: unknown;
}

interface ResponseObject {
  description?: string;
  headers?: Record<string, Header & { $ref?: string }>;
  content?: Record<string, { schema?: unknown }>;
}

/** A resolved response and the JSON pointer of its JSON schema, if it has a body. */
interface Documented {
  where: string;
  response: ResponseObject;
  schemaPointer: string | undefined;
}

export interface Call {
  method: string;
  /** Concrete, e.g. /api/v1/portfolios/7 or /sanctum/csrf-cookie. */
  path: string;
  status: number;
  body: unknown;
  headers: Headers;
}

/** This module's own URL; held apart so Vite does not rewrite `new URL(…, import.meta.url)` as an asset. */
const HERE = import.meta.url;
export const OPENAPI_FILE = fileURLToPath(new URL('../../docs/openapi.yaml', HERE));

let loaded: { doc: Json; ajv: Ajv2020 } | undefined;
const validators = new Map<string, ValidateFunction>();

/** The parsed document, read once. */
export function openApiDocument(): Json {
  return load().doc;
}

function load(): { doc: Json; ajv: Ajv2020 } {
  if (loaded) return loaded;
  const doc = parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json;
  const ajv = new Ajv2020({
    allErrors: true,
    // Unknown keywords (typos) fail; OpenAPI's own and `x-` extensions are declared below.
    strict: true,
    // `minimum` next to a `$ref` to a number-or-string schema is fine in JSON Schema.
    strictTypes: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  for (const keyword of new Set([...Object.keys(doc), ...extensionKeys(doc)])) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  }
  ajv.addSchema({ ...doc, $id: BASE });
  loaded = { doc, ajv };
  return loaded;
}

/** Every `x-…` key anywhere in the document. */
function extensionKeys(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) extensionKeys(item, found);
  else if (isObject(value))
    for (const [key, inner] of Object.entries(value)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeys(inner, found);
    }
  return found;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const escapePart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePart = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a local JSON pointer (`/components/schemas/Id`), or undefined. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  let value: unknown = doc;
  for (const part of pointer.split('/').slice(1)) {
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    value = (value as Json)[unescapePart(part)];
  }
  return value;
}

/** Follows `$ref`s (local only) from `pointer`; returns the final object and its pointer. */
function deref(doc: Json, pointer: string): { value: Json; pointer: string } {
  let at = pointer;
  for (let hops = 0; hops < 10; hops++) {
    const value = resolvePointer(doc, at);
    if (!isObject(value)) throw new Error(`docs/openapi.yaml: nothing at #${at}`);
    const ref = value.$ref;
    if (typeof ref !== 'string') return { value, pointer: at };
    if (!ref.startsWith('#/')) throw new Error(`docs/openapi.yaml: only local refs, not ${ref}`);
    at = ref.slice(1);
  }
  throw new Error(`docs/openapi.yaml: $ref loop at #${pointer}`);
}

/** [method, path template] of every operation in the document, e.g. ['PATCH', '/api/v1/portfolios/{id}']. */
export function documentedOperations(): Array<[string, string]> {
  const { doc } = load();
  const operations: Array<[string, string]> = [];
  for (const [template, item] of Object.entries(paths(doc))) {
    for (const method of METHODS) {
      if (isObject(item[method])) operations.push([method.toUpperCase(), template]);
    }
  }
  return operations;
}

/** [method, template, status] of every answer documented for an operation. */
export function documentedAnswers(): Array<[string, string, number]> {
  const { doc } = load();
  return documentedOperations().flatMap(([method, template]) =>
    Object.keys(operationOf(doc, method, template).responses).map(
      (status): [string, string, number] => [method, template, Number(status)],
    ),
  );
}

function paths(doc: Json): Record<string, Json> {
  return isObject(doc.paths) ? (doc.paths as Record<string, Json>) : {};
}

function operationOf(
  doc: Json,
  method: string,
  template: string,
): { responses: Record<string, unknown>; pointer: string } {
  const pointer = `/paths/${escapePart(template)}/${method.toLowerCase()}`;
  const operation = resolvePointer(doc, pointer);
  if (!isObject(operation) || !isObject(operation.responses))
    throw new Error(`docs/openapi.yaml: ${method} ${template} has no responses`);
  return { responses: operation.responses, pointer };
}

function matches(template: string, path: string): boolean {
  const want = template.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (/^\{[^}]+\}$/.test(part) ? got[i] !== '' : part === got[i]))
  );
}

/** Literal segments beat `{params}`, from the left: /investments/events before /investments/{id}. */
function moreSpecific(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const aParam = left[i].startsWith('{');
    const bParam = right[i].startsWith('{');
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

function normalisePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/$/, '') : bare;
}

/**
 * The operation a concrete call reaches, as a router would pick it: among the templates that
 * match the path, the most specific one that has the method. `undefined` template: no route has
 * the path; `undefined` method: the path exists for other methods only.
 */
export function routeOf(
  method: string,
  path: string,
): { template: string; method: string } | { template: string | undefined; method: undefined } {
  const { doc } = load();
  const concrete = normalisePath(path);
  const candidates = Object.keys(paths(doc))
    .filter((template) => matches(template, concrete))
    .sort(moreSpecific);
  const wanted = method.toLowerCase();
  const found = candidates.find((template) => isObject(paths(doc)[template]?.[wanted]));
  if (found) return { template: found, method: method.toUpperCase() };
  return { template: candidates[0], method: undefined };
}

/** The documented response for this call, or an Error saying why there is none. */
function documentedFor(
  method: string,
  path: string,
  status: number,
  mediaType?: string,
): Documented {
  const { doc } = load();
  const route = routeOf(method, path);
  let where: string;
  let pointer: string;
  if (route.method !== undefined) {
    const operation = operationOf(doc, route.method, route.template);
    where = `${route.method} ${route.template}`;
    if (!(String(status) in operation.responses)) {
      const listed = Object.keys(operation.responses).join(', ');
      throw new Error(`${where}: status ${status} is not documented (documented: ${listed})`);
    }
    pointer = `${operation.pointer}/responses/${status}`;
  } else {
    // Answered by the router: 404 (no route has the path) or 405 (other methods only).
    const expected = route.template === undefined ? 404 : 405;
    where = `${method.toUpperCase()} ${path} (${
      route.template === undefined ? 'no route' : `no ${method.toUpperCase()} on ${route.template}`
    })`;
    if (status !== expected)
      throw new Error(`${where}: the router answers ${expected}, not ${status}`);
    pointer = `/x-router-responses/${status}`;
  }
  const resolved = deref(doc, pointer);
  const response = resolved.value as ResponseObject;
  // A download (text/csv) is checked against its own media type; every other answer is JSON.
  const media =
    mediaType !== undefined && response.content?.[mediaType] ? mediaType : 'application/json';
  const content = response.content?.[media];
  return {
    where: `${where} → ${status}`,
    response,
    schemaPointer:
      content?.schema === undefined
        ? undefined
        : `${resolved.pointer}/content/${media.replace('/', '~1')}/schema`,
  };
}

function validatorAt(pointer: string): ValidateFunction {
  const cached = validators.get(pointer);
  if (cached) return cached;
  const validate = load().ajv.compile({ $ref: `${BASE}#${pointer}` });
  validators.set(pointer, validate);
  return validate;
}

function describeErrors(validate: ValidateFunction, name: string): string {
  return load().ajv.errorsText(validate.errors, { dataVar: name, separator: '; ' });
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || body === '';
}

/** Throws an Error naming the mismatch when the answer is not what docs/openapi.yaml promises for this call. */
export function assertDocumented(call: Call): void {
  const { doc } = load();
  const mediaType = call.headers.get('content-type')?.split(';')[0]?.trim();
  const documented = documentedFor(call.method, call.path, call.status, mediaType);
  const { where, response, schemaPointer } = documented;

  if (schemaPointer === undefined) {
    if (!isEmptyBody(call.body))
      throw new Error(`${where}: documented without a body, got ${shown(call.body)}`);
  } else {
    if (isEmptyBody(call.body)) throw new Error(`${where}: documented with a JSON body, got none`);
    const validate = validatorAt(schemaPointer);
    if (!validate(call.body))
      throw new Error(`${where}: ${describeErrors(validate, 'body')} in ${shown(call.body)}`);
  }

  for (const [name, declared] of Object.entries(response.headers ?? {})) {
    const header =
      isObject(declared) && typeof declared.$ref === 'string'
        ? (deref(doc, declared.$ref.slice(1)).value as Header)
        : declared;
    const value = call.headers.get(name);
    if (value === null) {
      if (header.required) throw new Error(`${where}: header ${name} is required but missing`);
      continue;
    }
    if (header.schema !== undefined) checkHeader(where, name, value, header.schema);
  }
}

const headerValidators = new Map<unknown, ValidateFunction>();

function checkHeader(where: string, name: string, value: string, schema: unknown): void {
  let validate = headerValidators.get(schema);
  if (!validate) {
    validate = load().ajv.compile({
      $id: `${BASE}/headers/${headerValidators.size}`,
      ...(schema as Json),
    });
    headerValidators.set(schema, validate);
  }
  const type = isObject(schema) ? schema.type : undefined;
  const numeric = type === 'integer' || type === 'number';
  const data: unknown = numeric && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (!validate(data))
    throw new Error(`${where}: header ${name}: ${describeErrors(validate, name)} (${value})`);
}

/** Throws when a request body does not match the operation's documented request schema. */
export function assertDocumentedRequest(call: {
  method: string;
  path: string;
  body: unknown;
}): void {
  const { doc } = load();
  const route = routeOf(call.method, call.path);
  if (route.method === undefined) throw new Error(`${call.method} ${call.path} is not documented`);
  const { pointer } = operationOf(doc, route.method, route.template);
  const operation = resolvePointer(doc, pointer) as Json;
  const where = `${route.method} ${route.template} request`;
  if (operation.requestBody === undefined) {
    if (!isEmptyBody(call.body) && !(isObject(call.body) && Object.keys(call.body).length === 0))
      throw new Error(`${where}: documented without a body, got ${shown(call.body)}`);
    return;
  }
  const body = deref(doc, `${pointer}/requestBody`);
  const schemaPointer = `${body.pointer}/content/application~1json/schema`;
  const validate = validatorAt(schemaPointer);
  if (!validate(call.body))
    throw new Error(`${where}: ${describeErrors(validate, 'body')} in ${shown(call.body)}`);
}

/** Why `value` does not match the schema at a JSON pointer of the document, or undefined. */
export function schemaErrors(pointer: string, value: unknown): string | undefined {
  const validate = validatorAt(pointer);
  return validate(value) ? undefined : describeErrors(validate, 'value');
}
