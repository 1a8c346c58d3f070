import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Development against a real Laravel API: set VITE_API_MODE=live and API_PROXY_TARGET, so
// /api and /sanctum are proxied and the SPA stays same-origin (no CORS, first-party cookies).
const proxyTarget = process.env.API_PROXY_TARGET;

export default defineConfig({
  plugins: [react()],
  server: proxyTarget
    ? {
        proxy: {
          '/api': { target: proxyTarget, changeOrigin: true },
          '/sanctum': { target: proxyTarget, changeOrigin: true },
        },
      }
    : undefined,
  build: {
    // The demo chunk (Mirage + faker) is large by nature and loaded only in demo mode.
    chunkSizeWarningLimit: 700,
  },
});
