import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The logic files that declare `// @vitest-environment jsdom`: a project of their own, since a worker
// that meets a file of another environment is stopped and a new one started, which reloads every
// module (among the logic files, sorted by their last duration, that was 10 more workers).
const logicInJsdom = [
  'tests/api/client-*.test.ts',
  'tests/api/demo-first-figures.test.ts',
  'tests/api/mock-server.test.ts',
  'tests/unit/code/first-code.test.ts',
];

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
    // Every project's files share a worker's modules, about twice as fast on two cores (the
    // components: 116 s -> 59 s): none keeps state from one file to the next, since each file's
    // hooks are in setup files, which run per file, and every file starts its own mock server.
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
          exclude: [...configDefaults.exclude, ...logicInJsdom],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'logic-dom',
          include: logicInJsdom,
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          // The mock answers in jsdom; the Node server's client needs no DOM (its environment was
          // a fifth of the server tests' time).
          environment: process.env.FORMUE_BACKEND === 'server' ? 'node' : 'jsdom',
          setupFiles: ['tests/contract/hooks.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/ui/hooks.ts'],
          isolate: false,
        },
      },
    ],
  },
});
