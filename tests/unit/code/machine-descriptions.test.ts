// The app's build leaves the machines' state descriptions out (they are the charts' text, in
// docs/machines/), and nothing else: a `description` of anything but a state or transition stays.
import { describe, expect, it } from 'vitest';
import { machineDescriptionsLeftOut } from '../../../vite.config';

const SOURCE = `
export const machine = setup({}).createMachine({
  initial: 'idle',
  states: {
    idle: { description: 'Waiting: ' + \`nothing asked\`, on: { go: 'busy' } },
    busy: { tags: 'busy', description: \`Asking\` },
    named: { description: \`kept: \${1}\`, on: {} },
  },
});
export const investment = { name: 'Novo', description: 'A Danish drug maker' };
`;

function transformed(code: string, id: string): string | undefined {
  const plugin = machineDescriptionsLeftOut();
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
  return transform.call({}, code, id)?.code;
}

describe('the build without machine descriptions', () => {
  it("drops a state's written-out description and keeps every other", () => {
    const code = transformed(SOURCE, '/repo/src/machines/auth/auth.machine.ts');
    expect(code).not.toContain('Waiting');
    expect(code).not.toContain('Asking');
    expect(code).toContain("idle: { on: { go: 'busy' } }");
    expect(code).toMatch(/busy: \{ tags: 'busy',\s*\}/);
    expect(code).toContain('kept: ${1}');
    expect(code).toContain("description: 'A Danish drug maker'");
  });

  it('leaves files outside the machines alone', () => {
    expect(transformed(SOURCE, '/repo/src/ui/home/home.tsx')).toBeUndefined();
  });
});
