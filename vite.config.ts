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
      // A live build keeps the demo chunk only for ?api=mock: not worth 100 kB on every install.
      globIgnores: live ? ['**/mock-server-*.js'] : [],
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
      // The demo chunk (Mirage + faker) is large by nature and loaded only in demo mode.
      chunkSizeWarningLimit: 700,
    },
  };
});
