import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// The typescript-eslint version, for allowTypeImports.
const restrict = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

// Browser capabilities and timers, each owned by one seam (as tldraw's lint does). A ban covers
// the bare global and the same name read off window, self or globalThis.
const HTTP = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'];
const STORAGE = ['localStorage', 'sessionStorage', 'indexedDB'];
const BROWSER = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'history',
  'addEventListener',
  'removeEventListener',
];
const TIMERS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'queueMicrotask',
];
const ban = (names, message) => ({ names, message });
// Rules of one config object replace those of earlier ones, so each seam lists all its bans.
const seam = (...bans) => ({
  'no-restricted-globals': [
    'error',
    ...bans.flatMap(({ names, message }) => names.map((name) => ({ name, message }))),
  ],
  'no-restricted-properties': [
    'error',
    ...bans.flatMap(({ names, message }) =>
      names.flatMap((property) =>
        ['window', 'self', 'globalThis'].map((object) => ({ object, property, message })),
      ),
    ),
  ],
});
const httpSeam = ban(HTTP, 'HTTP goes through src/api/http.ts, the one HTTP client.');

const DOMAIN_PACKAGES = {
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
};

// The feature folders of src/machines and src/ui, and the shared kernels every feature builds on.
const FEATURES = [
  'allocation',
  'auth',
  'cash',
  'events',
  'history',
  'home',
  'import',
  'income',
  'investments',
  'portfolios',
  'prices',
  'profile',
  'reports',
  'returns',
  'suggestions',
  'valuables',
];
const KERNELS = {
  machines: ['app', 'data', 'forms'],
  ui: ['app', 'components', 'data', 'forms', 'styles'],
};
const LAYERS = ['machines', 'ui'];
const folders = (names) => LAYERS.flatMap((layer) => names.map((name) => `src/${layer}/${name}`));
const KERNEL_FOLDERS = LAYERS.flatMap((layer) =>
  KERNELS[layer].map((name) => `src/${layer}/${name}`),
);
// src/ui/app/app.tsx, the routes table, has a zone of its own (the last one).
const ROUTES_TABLE = 'src/ui/app/app.tsx';
const BUT_ROUTES = 'src/ui/app/**/!(app.tsx)';
const KERNELS_BUT_ROUTES = [
  ...KERNEL_FOLDERS.filter((folder) => folder !== 'src/ui/app'),
  BUT_ROUTES,
];
const zones = [
  // A feature's folder is entered through its index.ts, from anywhere else in the two layers.
  ...LAYERS.flatMap((layer) =>
    FEATURES.map((feature) => ({
      target: [
        ...folders(FEATURES).filter((folder) => folder !== `src/${layer}/${feature}`),
        ...KERNELS_BUT_ROUTES,
      ],
      from: `src/${layer}/${feature}`,
      except: ['./index.ts'],
      message: `Import the ${feature} feature through src/${layer}/${feature}/index.ts, what it offers the rest of the app.`,
    })),
  ),
  // The kernels are what features share: one that knew a feature would tie every feature to it.
  // The app kernel alone may take auth's index: the root actor runs the auth machine, and the
  // shell shows the landing page or the app by the session.
  {
    target: KERNELS_BUT_ROUTES.filter(
      (folder) => !['src/machines/app', BUT_ROUTES].includes(folder),
    ),
    from: folders(FEATURES),
    message: 'A shared kernel (app, data, forms, components) never imports a feature.',
  },
  {
    target: ['src/machines/app', BUT_ROUTES],
    from: folders(FEATURES.filter((feature) => feature !== 'auth')),
    message: 'A shared kernel (app, data, forms, components) never imports a feature.',
  },
  // The routes table loads each feature's screen file lazily, one chunk a screen (vite.config.ts
  // preloads a screen's chunk by its file name), and takes the session from auth's index.
  {
    target: ROUTES_TABLE,
    from: folders(FEATURES.filter((feature) => feature !== 'auth')).map((folder) => `${folder}/**`),
    except: [`${import.meta.dirname}/src/ui/*/*-screen.tsx`],
    message: 'The routes table takes a feature only by its screen file, lazily.',
  },
  {
    target: ROUTES_TABLE,
    from: folders(['auth']),
    except: ['./index.ts', './password-screens.tsx'],
    message: 'The routes table takes auth by its index, or its password screens lazily.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-live', 'node_modules', 'docs', 'public', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // oxlint runs these (.oxlintrc.json), where they cost a fraction.
      '@typescript-eslint/no-unused-vars': 'off',
      'no-useless-assignment': 'off',
    },
  },
  // Import boundaries (STYLE.md point 17).
  {
    files: ['src/domain/**'],
    rules: restrict([
      DOMAIN_PACKAGES,
      { regex: '^\\.\\.(/|$)', message: 'src/domain imports nothing of ours.' },
    ]),
  },
  // The broker import's parsers, the returns, the tax year, valuation, the wire's schemas and the
  // input rules live in folders of their own and may use the domain beside them.
  {
    files: [
      'src/domain/import/**',
      'src/domain/returns/**',
      'src/domain/rules/**',
      'src/domain/tax/**',
      'src/domain/valuation/**',
      'src/domain/wire/**',
    ],
    rules: restrict([
      DOMAIN_PACKAGES,
      { regex: '^\\.\\./\\.\\.(/|$)', message: 'src/domain imports nothing of ours.' },
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
        regex: '^(\\.\\./)+(ui|mock-server)(/|$)',
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
        regex: '^(\\.\\./)+api(/|$)',
        allowTypeImports: true,
        message: 'The UI reaches data only through machines (types from src/api are fine).',
      },
      {
        group: ['**/mock-server/**', '**/mock-server'],
        message: 'The UI reaches data only through machines.',
      },
    ]),
  },
  // Feature folders (README "Where things are"). A feature's machines live in
  // src/machines/<feature>/, its UI in src/ui/<feature>/; anything outside that folder, the same
  // feature's other layer included, takes it through the folder's index.ts. The shared kernels
  // never import a feature, with two exceptions below.
  {
    files: ['src/machines/**', 'src/ui/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }] },
  },
  // The seams. Boot (src/main.tsx, src/env.ts), the mock server and the Node server only may not
  // send HTTP; scripts and tests are free.
  // src/server/market/http.ts is the server's one client for market-data providers (rate limit,
  // timeout, circuit breaker), as src/api/http.ts is the browser's. src/sw.ts, the service worker,
  // fetches the pages it serves (it is no client of the API).
  {
    files: ['src/**'],
    ignores: ['src/api/http.ts', 'src/server/market/http.ts', 'src/sw.ts'],
    rules: seam(httpSeam),
  },
  {
    files: ['src/domain/**', 'src/contract/**'],
    rules: seam(
      httpSeam,
      ban(
        [...BROWSER, ...STORAGE],
        'src/domain and src/contract are pure and transport-free: take the value as an argument.',
      ),
      ban(TIMERS, 'src/domain and src/contract are pure: no timers; take the time as an argument.'),
    ),
  },
  {
    files: ['src/machines/**'],
    ignores: ['src/machines/app/platform.ts'],
    rules: seam(
      httpSeam,
      ban(
        [...BROWSER, ...STORAGE],
        'Machines reach the browser through src/machines/app/platform.ts, a port tests replace.',
      ),
      ban(TIMERS, 'Machines wait with XState `after` delays, so tests can use a simulated clock.'),
    ),
  },
  {
    files: ['src/api/**'],
    ignores: ['src/api/http.ts'],
    rules: seam(
      httpSeam,
      ban([...BROWSER, ...STORAGE], 'In src/api only src/api/http.ts touches the browser.'),
    ),
  },
  {
    files: ['src/ui/**'],
    rules: seam(
      httpSeam,
      ban(STORAGE, 'Storage is kept by the machines, through src/machines/app/platform.ts.'),
    ),
  },
  // A focused test (`it.only`, `test.describe.only`…) would skip the rest of the suite unseen.
  {
    files: ['tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > MemberExpression.callee[property.name='only']",
          message: 'A focused test skips the rest of the suite: remove `.only`.',
        },
      ],
    },
  },
);
