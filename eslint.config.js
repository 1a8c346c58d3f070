import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  { ignores: ['dist', 'dist-live', 'node_modules', 'docs', 'public', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  // Plain JS build scripts carry no types to check.
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Import boundaries (STYLE.md point 17).
  {
    files: ['src/domain/**'],
    rules: restrict([
      {
        group: [
          'react',
          'react-dom',
          'xstate',
          '@xstate/*',
          'miragejs',
          'ofetch',
          'wouter',
          'd3-*',
          '@faker-js/*',
        ],
        message: 'src/domain is plain TypeScript.',
      },
      {
        group: [
          '../api/**',
          '../machines/**',
          '../ui/**',
          '../mock-server/**',
          '../api',
          '../machines',
          '../ui',
          '../mock-server',
        ],
        message: 'src/domain imports nothing of ours.',
      },
    ]),
  },
  {
    files: ['src/machines/**'],
    rules: restrict([
      {
        group: ['react', 'react-dom', '@xstate/react', 'wouter', 'ofetch', 'miragejs'],
        message: 'Machines never import React, HTTP or the mock.',
      },
      {
        group: ['../ui/**', '../ui', '../mock-server/**', '../mock-server'],
        message: 'Machines never import the UI or the mock.',
      },
    ]),
  },
  {
    files: ['src/ui/**'],
    rules: restrict([
      {
        group: ['ofetch', 'miragejs', '@faker-js/*'],
        message: 'The UI does not talk HTTP or fake data.',
      },
      {
        group: [
          '../api/**',
          '../../api/**',
          '../api',
          '../../api',
          '**/mock-server/**',
          '**/mock-server',
        ],
        message: 'The UI reaches data only through machines.',
      },
    ]),
  },
  {
    files: ['src/**'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='fetch']", message: 'Only src/api talks HTTP.' },
      ],
    },
  },
  {
    files: ['tests/**', '*.config.*', 'eslint.config.js'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off', // test doubles and JSON fixtures are untyped by nature
      '@typescript-eslint/no-unsafe-member-access': 'off', // same: asserting on decoded JSON
      '@typescript-eslint/no-unsafe-call': 'off', // same
      '@typescript-eslint/no-unsafe-argument': 'off', // same
    },
  },
);
