// The first-code script a build writes beside its entry (preloadFirstCode): it preloads the code of
// the screen at the address and, in a demo build, keeps the demo's first figures and shows home
// drawn from them (src/demo-first-figures.ts) before the app's code has run.
import { createHash } from 'node:crypto';
import { createServer, type Plugin, type Rolldown } from 'vite';
import { FIGURES_KEY } from '../../src/machines/data/remembered-figures.ts';
import { SCREEN_PATTERNS } from '../../src/machines/app/routes.ts';
import type {
  DemoFirstFigures,
  demoFirstFigures,
  demoFirstPaints,
} from '../../src/demo-first-figures.ts';
import { tablesDigest } from '../../src/mock-server/memory/tables-digest.ts';
import type { Tables } from '../../src/mock-server/memory/tables.ts';

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
export function preloadFirstCode(demo: boolean): Plugin {
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
