// The soaks: slow on purpose, so apart from `npm test` (whose include leaves tests/soak out).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    ...base.test,
    projects: undefined,
    include: ['tests/soak/**/*.test.ts'],
    // Beside the server tests on one PostgreSQL (.ci/run): databases of their own.
    env: { FORMUE_TEST_DATABASE: 'formue_soak' },
  },
});
