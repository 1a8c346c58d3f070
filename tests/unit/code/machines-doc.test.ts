// docs/machines.md's wiring tables against the code: the app's children and their system ids,
// `flowDeps`'s fields, who starts each per-screen actor, and every listed machine's input fields.
// Input fields are read from the exported machine's type by the TypeScript checker, so an alias,
// an `extends`, an imported type or a `setup` in another module reads as the compiler sees it.
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { appMachine, childrenOf, flowDeps } from '../../../src/machines/app/app.machine';
import { fakeApi, fakePlatform } from '../../machines/support';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MACHINES = `${ROOT}src/machines/`;
const UI = `${ROOT}src/ui/`;
const DOC = readFileSync(`${ROOT}docs/machines.md`, 'utf8');
// Machines live in feature folders; the doc names each by its file name.
const MACHINE_PATHS = readdirSync(MACHINES, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.machine.ts'),
);
const MACHINE_FILES = MACHINE_PATHS.map((file) => basename(file));
const MODULES = import.meta.glob<Record<string, unknown>>('../../../src/machines/**/*.machine.ts');

/** A machine file's path under src/machines, from its name. */
function pathOf(file: string): string {
  const found = MACHINE_PATHS.find((each) => basename(each) === file);
  if (!found) throw new Error(`src/machines has no ${file}`);
  return found;
}

/** The body rows of the first table under the heading that starts with `heading`. */
function tableUnder(heading: string): string[][] {
  const lines = DOC.split('\n');
  const start = lines.findIndex(
    (line) => /^#+ /.test(line) && line.replace(/^#+ /, '').startsWith(heading),
  );
  if (start < 0) throw new Error(`docs/machines.md has no heading "${heading}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#+ /.test(line)) break;
    if (line.startsWith('|'))
      rows.push(
        line
          .slice(1, line.lastIndexOf('|'))
          .split('|')
          .map((cell) => cell.trim()),
      );
    else if (rows.length > 0) break;
  }
  if (rows.length < 3) throw new Error(`docs/machines.md has no table under "${heading}"`);
  return rows.slice(2); // without the header and its separator
}

/** The names a cell gives in backticks: "`api`, `platform?`" → ['api', 'platform?']. */
function names(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

const ROOT_ROW = '(root)';
const LONG_LIVED = tableUnder('Long-lived actors').map(([systemId, machine, input]) => ({
  systemId: systemId === ROOT_ROW ? ROOT_ROW : names(systemId)[0],
  file: names(machine)[0],
  input: names(input),
}));
const FLOW_DEPS = tableUnder('What every flow is given').map(([field, is]) => ({
  field: names(field)[0],
  /** The system id of the actor the field is, when the doc says "the `x` actor". */
  actor: /^the `([^`]+)` actor/.exec(is)?.[1],
}));
const PER_SCREEN = tableUnder('Per-screen actors').map(([machine, startedBy, life, input]) => ({
  file: names(machine)[0],
  startedBy: names(startedBy),
  life,
  input: names(input),
}));

/** What a state and the states in it invoke. */
function invokesOf(node: AnyStateNode): { id: string; src: unknown }[] {
  return [...node.invoke, ...Object.values(node.states).flatMap(invokesOf)];
}

/** The one state machine a machine file exports, with its export name. */
async function machineOf(file: string): Promise<{ name: string; machine: AnyStateMachine }> {
  const load = MODULES[`../../../src/machines/${pathOf(file)}`];
  if (!load) throw new Error(`src/machines/${file} does not exist`);
  const machines = Object.entries(await load()).filter(
    (entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine,
  );
  expect(machines, `${file} exports one state machine`).toHaveLength(1);
  const [[name, machine]] = machines;
  return { name, machine };
}

let checker: ts.TypeChecker;
let program: ts.Program;

beforeAll(() => {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}tsconfig.json`,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  // Ambient types (vite/client, node) play no part in an input type.
  program = ts.createProgram(
    MACHINE_PATHS.map((file) => `${MACHINES}${file}`),
    { ...config.options, types: [] },
  );
  checker = program.getTypeChecker();
});

/**
 * The fields of the input type of the machine a file exports as `name` (the `TInput` of its
 * `StateMachine` type, wherever its `setup` is), an optional one with `?`; none without input.
 */
function inputFields(file: string, name: string): string[] {
  const source = program.getSourceFile(`${MACHINES}${pathOf(file)}`);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`src/machines/${file} is not in the program`);
  const exported = checker.getExportsOfModule(module).find((symbol) => symbol.name === name);
  if (!exported) throw new Error(`src/machines/${file} does not export ${name}`);
  // StateMachine<TContext, TEvent, TChildren, TActor, TAction, TGuard, TDelay, TStateValue,
  // TTag, TInput, …>, a class: its type is a reference with those arguments.
  const machine = checker.getTypeOfSymbol(exported) as ts.TypeReference;
  const input = checker.getTypeArguments(machine).at(9);
  if (!input) throw new Error(`${name} is not a StateMachine`);
  return checker
    .getPropertiesOfType(input)
    .map((field) => field.name + (field.flags & ts.SymbolFlags.Optional ? '?' : ''));
}

const sorted = (list: readonly string[]) => [...list].sort();

describe('docs/machines.md, the wiring tables', () => {
  const api = fakeApi();
  api.checkAuth.mockResolvedValue(false);
  const app = createActor(appMachine, { input: { api, platform: fakePlatform() } });

  beforeAll(() => {
    app.start();
  });
  afterAll(() => {
    app.stop();
  });

  it('list every machine file once', () => {
    const listed = [...LONG_LIVED, ...PER_SCREEN].map((row) => row.file);
    expect(sorted(listed)).toEqual(sorted(MACHINE_FILES));
  });

  it("list the app's long-lived children, in the order it invokes them, by system id", async () => {
    const children = LONG_LIVED.filter((row) => row.systemId !== ROOT_ROW);
    const ids = children.map((row) => row.systemId);
    expect(appMachine.root.invoke.map((invoke) => invoke.systemId)).toEqual(ids);
    expect(Object.keys(app.getSnapshot().children)).toEqual(ids);
    expect(sorted(Object.keys(childrenOf(app)))).toEqual(sorted(ids));
    const byId = childrenOf(app) as Record<string, unknown>;
    for (const row of children) {
      expect(app.system.get(row.systemId), row.systemId).toBe(byId[row.systemId]);
      const invoke = appMachine.root.invoke.find((each) => each.systemId === row.systemId)!;
      const logic =
        typeof invoke.src === 'string' ? appMachine.implementations.actors[invoke.src] : invoke.src;
      expect(logic, `${row.systemId} runs ${row.file}`).toBe((await machineOf(row.file)).machine);
    }
    const root = LONG_LIVED.find((row) => row.systemId === ROOT_ROW);
    expect(root && (await machineOf(root.file)).machine).toBe(appMachine);
  });

  it("list flowDeps's fields, and which actor each actor field is", () => {
    const deps = flowDeps(app) as unknown as Record<string, unknown>;
    expect(Object.keys(deps)).toEqual(FLOW_DEPS.map((row) => row.field));
    for (const { field, actor } of FLOW_DEPS) {
      if (actor !== undefined) expect(deps[field], field).toBe(app.system.get(actor));
    }
  });

  it.each([...LONG_LIVED, ...PER_SCREEN].map((row) => [row.file, row.input] as const))(
    "give %s's input fields",
    async (file, input) => {
      const { name } = await machineOf(file);
      expect(sorted(input)).toEqual(sorted(inputFields(file, name)));
    },
  );

  it.each(PER_SCREEN.map((row) => [row.file, row] as const))(
    'say who starts %s, and how it ends',
    async (file, { startedBy, life }) => {
      const { name, machine } = await machineOf(file);
      if (life === 'child') {
        const [parentFile, id] = startedBy;
        const parent = (await machineOf(parentFile)).machine;
        const key = Object.entries(parent.implementations.actors).find(
          ([, logic]) => logic === machine,
        )?.[0];
        expect(key, `${parentFile} has ${name} among its actors`).toBeDefined();
        // Invoked in one of its states (`{ id, src }`), or spawned (`spawn('src', { id })`).
        const invoked = invokesOf(parent.root).some((each) => each.id === id && each.src === key);
        if (!invoked) {
          const spawn = new RegExp(`spawn\\(\\s*'${key}',\\s*\\{\\s*id:\\s*'${id}'`);
          expect(readFileSync(`${MACHINES}${pathOf(parentFile)}`, 'utf8')).toMatch(spawn);
        }
        return;
      }
      expect(['flow', 'view']).toContain(life);
      const [hook] = startedBy;
      const hookFiles = readdirSync(UI, { recursive: true, encoding: 'utf8' }).filter((file) =>
        /\.tsx?$/.test(file),
      );
      const bodies = hookFiles.flatMap((hookFile) => {
        const text = readFileSync(`${UI}${hookFile}`, 'utf8');
        const start = text.indexOf(`export function ${hook}(`);
        if (start < 0) return [];
        const end = text.indexOf('\nexport ', start + 1);
        return [text.slice(start, end < 0 ? undefined : end)];
      });
      expect(bodies, `one hook ${hook} in src/ui`).toHaveLength(1);
      const starter = life === 'flow' ? 'useFlow' : 'useActorRef';
      expect(bodies[0]).toMatch(new RegExp(`${starter}\\(\\s*${name}\\b`));
    },
  );
});
