import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    // Tiers that need a DOM (Mirage, Testing Library) declare `// @vitest-environment jsdom`.
    globals: true,
    setupFiles: ['tests/setup.ts'],
    // Only to end a hang: CI runs on shared, loaded machines, where a slow test is no failure.
    testTimeout: 60000,
    hookTimeout: 60000,
    // A worker per core (vitest leaves one to its own process, which idles): 160 s -> 118 s on two.
    maxWorkers: availableParallelism(),
    // Domain, machines, contract and server files share a worker's modules, about 2.5 times
    // faster on two cores: none keeps state from one file to the next (setup files run per file).
    projects: [
      {
        extends: true,
        test: {
          name: 'logic',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'tests/machines/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/market/**/*.test.ts',
            // The server's own tests run with the contract over HTTP, in `npm run test:server`.
            ...(process.env.FORMUE_BACKEND === 'server' ? ['tests/server/**/*.test.ts'] : []),
          ],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          setupFiles: ['tests/contract/hooks.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        // Components render into a document of their own, file by file.
        test: { name: 'components', include: ['tests/ui/**/*.test.tsx'] },
      },
    ],
  },
});
