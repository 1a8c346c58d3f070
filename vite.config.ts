import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createServer, defineConfig, loadEnv, parseAst, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { FIGURES_KEY } from './src/machines/data/remembered-figures.ts';
import { SCREEN_PATTERNS } from './src/machines/app/routes.ts';
import type {
  DemoFirstFigures,
  demoFirstFigures,
  demoFirstPaints,
} from './src/demo-first-figures.ts';
import { tablesDigest } from './src/mock-server/memory/tables-digest.ts';
import type { Tables } from './src/mock-server/memory/tables.ts';
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

/** A lazy chunk and the chunks it imports, less the entry and what the entry loads anyway. */
function chunkGroup(bundle: Rolldown.OutputBundle, chunk: Rolldown.OutputChunk): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const loaded = new Set(
    chunks.filter((entry) => entry.isEntry).flatMap((entry) => [entry.fileName, ...entry.imports]),
  );
  const files = new Set([chunk.fileName]);
  for (const file of files) {
    const imported = bundle[file];
    for (const next of imported?.type === 'chunk' ? imported.imports : [])
      if (!loaded.has(next)) files.add(next);
  }
  return [...files];
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

type ScreenRoute = [source: string, flags: string, files: string[]];

/**
 * Runs in the page, as the whole of the script the build writes (its text is this function's):
 * adds modulepreload links for the code of the screen at the address and, in a demo build, the
 * demo server's, unless the last visit kept figures (the demo server then starts after they are
 * painted, see main.tsx, and would only take bandwidth from the entry).
 */
export function preloadForAddress(routes: ScreenRoute[], demoServer: string[], figuresKey: string) {
  const route = routes.find(([source, flags]) => new RegExp(source, flags).test(location.pathname));
  let figuresKept = false;
  try {
    figuresKept = localStorage.getItem(figuresKey) !== null;
  } catch {
    // Storage disabled: nothing was kept.
  }
  for (const href of [...(route ? route[2] : []), ...(figuresKept ? [] : demoServer)]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Runs in the page before preloadForAddress, in a demo build's script (its text is this
 * function's): keeps the demo's first figures (src/demo-first-figures.ts) on a device logged in to
 * the demo account, its data as seeded (`digestOf` is tablesDigest), its period theirs, and no
 * figures kept, so its first visit paints home as a return visit does, and preloadForAddress
 * leaves the demo server to start after that paint.
 */
export function keepDemoFirstFigures(
  demo: DemoFirstFigures,
  digestOf: (tables: Tables) => string,
): void {
  try {
    if (localStorage.getItem(demo.figuresKey) !== null) return;
    if (localStorage.getItem(demo.loggedInKey) !== 'true') return;
    const cookies = new Map(
      document.cookie
        .split('; ')
        .map((pair) => pair.split('='))
        .map(([name = '', value = '']) => [name, decodeURIComponent(value)]),
    );
    if ((cookies.get(demo.periodCookie) ?? demo.period) !== demo.period) return;
    const stored = JSON.parse(localStorage.getItem(demo.tablesKey) ?? 'null') as {
      tables?: Tables;
    } | null;
    const tables = stored?.tables;
    const session = tables?.sessions.find((row) => row.id === cookies.get(demo.sessionCookie));
    if (!tables || typeof session?.userId !== 'number' || digestOf(tables) !== demo.digest) return;
    localStorage.setItem(demo.figuresKey, demo.figures);
    // Home drawn from them is in the page (demoPaints below), hidden: shown in the device's
    // language, as the app's first render will draw it, unless the device hides amounts.
    if (location.pathname !== demo.paintPath) return;
    if (localStorage.getItem(demo.hideAmountsKey) === 'true') return;
    const spoken = (tag: string | null) => demo.languages.find((language) => language === tag);
    const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
    const language =
      spoken(localStorage.getItem(demo.languageKey)) ??
      browser.map((tag) => spoken(tag.toLowerCase().split(/[-_]/)[0])).find(Boolean) ??
      demo.languages[0];
    if (!language) return;
    document.documentElement.lang = language;
    document.documentElement.setAttribute(demo.paintAttribute, language);
  } catch {
    // Storage disabled, or the demo's tables unreadable: nothing is kept.
  }
}

/**
 * A small script, run as soon as it arrives, that preloads the code the page at this address
 * needs first (preloadForAddress). A fetch the entry starts is sent only once the entry has run
 * (about 0.6 s at 4x CPU), so the screen's code would download after the entry, not beside it.
 * A file, not inline: the Content-Security-Policy allows scripts from the app's origin only.
 */
function preloadFirstCode(demo: boolean): Plugin {
  let script: string | undefined;
  let paints = '';
  return {
    name: 'formue-preload-first-code',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunkOf = (module: string) => {
        const chunk = Object.values(bundle).find(
          (file): file is Rolldown.OutputChunk =>
            // The chunk holding the module: a group's chunk (codeSplitting below) is no module's facade.
            file.type === 'chunk' && file.moduleIds.some((id) => id.endsWith(module)),
        );
        if (!chunk) throw new Error(`No chunk for ${module}`);
        return chunkGroup(bundle, chunk).map((file) => `/${file}`);
      };
      // src/ui/app/app.tsx loads screen 'investmentCreate' from investment-create-screen.tsx, in
      // its feature's folder.
      const routes = SCREEN_PATTERNS.map(({ screen, pattern }): ScreenRoute => [
        pattern.source,
        pattern.flags,
        chunkOf(`/${screen.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-screen.tsx`),
      ]);
      const demoServer = demo ? chunkOf('/src/mock-server/index.ts') : [];
      const args = [routes, demoServer, FIGURES_KEY].map((arg) => JSON.stringify(arg)).join(',');
      // The demo's first figures, computed now by its own contract in Node (Vite's module runner).
      const figures = demo ? await demoFirstFiguresNow() : undefined;
      const first = figures
        ? `(${keepDemoFirstFigures.toString()})(${JSON.stringify(figures.figures)},${tablesDigest.toString()});\n`
        : '';
      if (figures) paints = demoPaints(figures.paints);
      const source = `${first}(${preloadForAddress.toString()})(${args});\n`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      script = `assets/first-code-${hash}.js`;
      this.emitFile({ type: 'asset', fileName: script, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // Vite writes index.html after the plugins' generateBundle, this one's included.
        if (!script) throw new Error('The first-code script was not written before index.html');
        // Before the entry and its chunks, at high priority: last in the head, it waited for their
        // bytes (six connections per host over HTTP/1.1), so the screen's code was asked for after
        // them, about 1.5 s into a cold visit on Slow 4G. It is async: it never blocks the parser.
        const tag = `<script async fetchpriority="high" src="/${script}"></script>`;
        const entry = html.indexOf('<script type="module"');
        if (entry === -1) throw new Error('No entry script in index.html');
        const page = `${html.slice(0, entry)}${tag}\n    ${html.slice(entry)}`;
        if (!paints) return page;
        // The demo's paints after the boot splash, in the root the app renders into.
        const splashEnd = page.indexOf('</p>', page.indexOf('<div id="root">'));
        if (splashEnd === -1) throw new Error("No boot splash in index.html's root");
        return `${page.slice(0, splashEnd + 4)}${paints}${page.slice(splashEnd + 4)}`;
      },
    },
  };
}

/**
 * src/demo-first-figures.ts's figures at this moment and home drawn from them in each language,
 * the app's modules run by Vite in Node.
 */
async function demoFirstFiguresNow(): Promise<{
  figures: DemoFirstFigures;
  paints: Record<string, string>;
}> {
  // A server, not runnerImport: its runner closes once the module is imported, and the paints import
  // the screens' code as they render.
  const server = await createServer({
    configFile: false,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, ws: false },
    // The components' sheets are the page's stylesheet's: nothing for the paint in Node, and Vite's
    // CSS plugin needs a build of its own.
    plugins: [
      {
        name: 'formue-sheets-left-out',
        enforce: 'pre',
        resolveId: (id) => (id.endsWith('.css') ? '\0sheet-left-out' : undefined),
        load: (id) => (id === '\0sheet-left-out' ? 'export {}' : undefined),
      },
    ],
  });
  try {
    const module = (await server.ssrLoadModule('./src/demo-first-figures.ts')) as {
      demoFirstFigures: typeof demoFirstFigures;
      demoFirstPaints: typeof demoFirstPaints;
    };
    const figures = await module.demoFirstFigures(Date.now());
    return { figures, paints: await module.demoFirstPaints(figures) };
  } finally {
    await server.close();
  }
}

/**
 * The demo's first paints in its page, each hidden (base.css) unless the first-code script
 * (keepDemoFirstFigures) names its language in the page's FIRST_PAINT_ATTRIBUTE; the app's first
 * render replaces them with the same screen.
 */
function demoPaints(paints: Record<string, string>): string {
  return Object.entries(paints)
    .map(([language, markup]) => `<div class="demo-paint" lang="${language}">${markup}</div>`)
    .join('');
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
