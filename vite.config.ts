import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
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

/**
 * Demo builds: the demo server's chunk (and what it imports) preloaded by the HTML, so it
 * downloads while the entry does instead of after the entry has run; every API call waits for it.
 */
function preloadDemoServer(): Plugin {
  return {
    name: 'formue-preload-demo-server',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
        const server = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/mock-server/index.ts'),
        );
        if (!server) return [];
        const entry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((c) => c.imports));
        const files = new Set([server.fileName]);
        for (const file of files)
          for (const imported of bundle?.[file]?.type === 'chunk' ? bundle[file].imports : [])
            if (!entry.has(imported) && !chunks.some((c) => c.isEntry && c.fileName === imported))
              files.add(imported);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

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
 * The manifest and a Workbox service worker that precaches the whole build (in demo mode the lazy
 * demo chunk too), so a visited app opens offline. 'prompt': a new worker waits until the user
 * accepts it, so one page never runs chunks of two builds. src/pwa-register.ts registers it.
 */
function pwa(live: boolean) {
  return VitePWA({
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
      // styles.css, light: --bg.
      theme_color: '#f3f5f4',
      background_color: '#f3f5f4',
      icons: [
        { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // A live build keeps the demo chunks only for ?api=mock: not worth 100 kB on every install.
      globIgnores: live ? ['**/mock-server-*.js', '**/faker-*.js'] : [],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/sanctum(\/|$)/, /^\/up$/],
      cleanupOutdatedCaches: true,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const connectTo = apiSources(env.VITE_API_MODE, env.VITE_API_URL);
  return {
    plugins: [
      react(),
      pwa(env.VITE_API_MODE === 'live'),
      policyMeta(contentSecurityPolicy({ connectTo, delivery: 'meta' })),
      compressedCopies(),
      ...(env.VITE_API_MODE === 'live' ? [] : [preloadDemoServer()]),
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
    build: {
      // The demo chunk (Mirage) is large by nature and loaded only in demo mode.
      chunkSizeWarningLimit: 700,
      rollupOptions: {
        output: {
          // Faker, which only makes the demo data, by a name the service worker can leave out.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => id.includes('/@faker-js/'))
              ? 'assets/faker-[hash].js'
              : 'assets/[name]-[hash].js',
        },
      },
    },
  };
});
