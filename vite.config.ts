import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, loadEnv, parseAst, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { preloadFirstCode } from './scripts/vite/first-code.ts';
import { apiSources, contentSecurityPolicy } from './src/security-policy.ts';

// Development against a real Laravel API: set VITE_API_MODE=live and API_PROXY_TARGET, so
// /api and /sanctum are proxied and the SPA stays same-origin (no CORS, first-party cookies).
const proxyTarget = process.env.API_PROXY_TARGET;

/** The policy as the built index.html's first tag; `vite dev` keeps its inline HMR scripts. */
function policyMeta(policy: string): Plugin {
  return {
    name: 'formue-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** The keys of an XState state or transition config, beside which a `description` is the chart's. */
const MACHINE_KEYS = new Set([
  'on',
  'always',
  'after',
  'invoke',
  'entry',
  'exit',
  'tags',
  'initial',
  'states',
  'target',
  'type',
  'actions',
  'guard',
]);

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

const keyName = (property: AstNode): unknown => {
  const key = property.key as AstNode;
  return key.type === 'Identifier' ? key.name : key.value;
};

/** A text written out: a string, a template without expressions, or texts joined by `+`. */
const isText = (node: AstNode): boolean =>
  node.type === 'Literal'
    ? typeof node.value === 'string'
    : node.type === 'TemplateLiteral'
      ? (node.expressions as unknown[]).length === 0
      : node.type === 'BinaryExpression' &&
        node.operator === '+' &&
        isText(node.left as AstNode) &&
        isText(node.right as AstNode);

/**
 * Leaves the machines' state and transition descriptions out of the app's code: they are for
 * the charts (docs/machines/, written by tests from the source), not for a phone to download.
 */
export function machineDescriptionsLeftOut(): Plugin {
  return {
    name: 'formue-machine-descriptions-left-out',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src/machines/') || !code.includes('description')) return null;
      const cuts: [number, number][] = [];
      const visit = (node: AstNode): void => {
        if (node.type === 'ObjectExpression') {
          const properties = (node.properties as AstNode[]).filter((p) => p.type === 'Property');
          const described = properties.findIndex(
            (p) => keyName(p) === 'description' && isText(p.value as AstNode),
          );
          if (described !== -1 && properties.some((p) => MACHINE_KEYS.has(keyName(p) as string))) {
            const property = properties[described];
            const next = (node.properties as AstNode[])[
              (node.properties as AstNode[]).indexOf(property) + 1
            ];
            cuts.push([property.start, next ? next.start : property.end]);
          }
        }
        for (const value of Object.values(node))
          for (const child of Array.isArray(value) ? value : [value])
            if (isNode(child)) visit(child);
      };
      visit(parseAst(code) as unknown as AstNode);
      if (cuts.length === 0) return null;
      let out = code;
      for (const [from, to] of cuts.sort((x, y) => y[0] - x[0]))
        out = out.slice(0, from) + out.slice(to);
      return { code: out, map: null };
    },
  };
}

// Lightning CSS, for the one named desktop breakpoint: `@custom-media --desktop` in
// src/ui/app/styles/breakpoints.css, used as `@media (--desktop)`; an unknown name fails the build.
const CSS_OPTIONS = {
  transformer: 'lightningcss',
  lightningcss: { drafts: { customMedia: true } },
} as const;

const COMPRESSIBLE = /\.(?:js|css|html|svg|webmanifest|json)$/;

/**
 * A .br and a .gz copy of every text file of the build, so the Node server sends them
 * compressed (@fastify/static, preCompressed) without compressing on each request: on a slow
 * phone network the entry is 3 times fewer bytes. Files the service worker's build writes later
 * (sw.js) stay uncompressed.
 */
function compressedCopies(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'formue-compressed-copies',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const body = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            const path = join(outDir, file.fileName);
            await Promise.all([
              brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((out) =>
                writeFile(`${path}.br`, out),
              ),
              gzipped(body, { level: 9 }).then((out) => writeFile(`${path}.gz`, out)),
            ]);
          }),
      );
    },
  };
}

/**
 * The manifest and the service worker, src/sw.ts: Workbox's precache of the whole build (in demo
 * mode the lazy demo chunk too), so a visited app opens offline. 'prompt': a new worker waits until
 * the user accepts it, so one page never runs chunks of two builds (a page the server draws is taken
 * only from the cached build, src/sw/server-page.ts). src/pwa-register.ts registers it.
 */
function pwa(live: boolean) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Formue',
      short_name: 'Formue',
      description: 'Know what your investments are worth, every day.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // src/ui/app/styles/tokens.css, light: --bg.
      theme_color: '#f3f5f4',
      background_color: '#f3f5f4',
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // A live build keeps the demo chunk only for ?api=mock: not worth 100 kB on every install.
      globIgnores: live ? ['**/mock-server-*.js'] : [],
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const connectTo = apiSources(env.VITE_API_MODE, env.VITE_API_URL);
  // The server's first paint (`vite build --ssr src/first-paint.tsx`, scripts/build-fresh.mjs): the
  // app's modules for Node, its packages left to node_modules; the page's files are the client's.
  if (isSsrBuild)
    return {
      plugins: [react()],
      css: CSS_OPTIONS,
      build: { emptyOutDir: false, copyPublicDir: false },
    };
  return {
    plugins: [
      react(),
      pwa(env.VITE_API_MODE === 'live'),
      policyMeta(contentSecurityPolicy({ connectTo, delivery: 'meta' })),
      compressedCopies(),
      preloadFirstCode(env.VITE_API_MODE !== 'live'),
      machineDescriptionsLeftOut(),
    ],
    server: proxyTarget
      ? {
          proxy: {
            '/api': { target: proxyTarget, changeOrigin: true },
            '/sanctum': { target: proxyTarget, changeOrigin: true },
          },
        }
      : undefined,
    // As a header too, where frame-ancestors works.
    preview: {
      headers: {
        'Content-Security-Policy': contentSecurityPolicy({ connectTo, delivery: 'header' }),
      },
    },
    css: CSS_OPTIONS,
    build: {
      // Each component's sheet sits beside it, yet the build writes one stylesheet, linked in the
      // page's head as before: a lazy screen's first render never waits for a sheet of its own
      // (the first-code script preloads only code), and the cascade follows the import order
      // (tokens, base, then components), not the order in which screens happen to load.
      cssCodeSplit: false,
      // The demo chunk (Mirage) is large by nature and loaded only in demo mode.
      chunkSizeWarningLimit: 700,
      rollupOptions: {
        output: {
          // What the entry loads statically in one chunk, and home's code (the screen a login
          // opens) with what it imports in one more: Rolldown split them into 11 and 12 by the
          // screens sharing their modules (some of 130 bytes), each a request of its own, queued
          // over HTTP/1.1's six connections on a phone's slow network (issue 37). A screen that
          // shares a module with home loads home's chunk with it.
          codeSplitting: {
            groups: [
              { name: 'start', tags: ['$initial'], priority: 2 },
              { name: 'home', test: /[\\/]src[\\/]ui[\\/]home[\\/]home-screen\.tsx$/, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
