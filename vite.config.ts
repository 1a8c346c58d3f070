import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const connectTo = apiSources(env.VITE_API_MODE, env.VITE_API_URL);
  return {
    plugins: [react(), policyMeta(contentSecurityPolicy({ connectTo, delivery: 'meta' }))],
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
