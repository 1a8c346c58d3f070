import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/machines/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/ui/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      // The server's own tests run with the contract over HTTP, in `npm run test:server`.
      ...(process.env.FORMUE_BACKEND === 'server' ? ['tests/server/**/*.test.ts'] : []),
      'tests/market/**/*.test.ts',
    ],
    environment: 'node',
    // Tiers that need a DOM (Mirage, Testing Library) declare `// @vitest-environment jsdom`.
    globals: true,
    setupFiles: ['tests/setup.ts'],
    // Only to end a hang: CI runs on shared, loaded machines, where a slow test is no failure.
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
