// Build-time and URL switches of the API mode (decisions.md section 1, "Modes").
export type ApiMode = 'mock' | 'live';

export function apiMode(search: string = globalThis.location?.search ?? ''): ApiMode {
  if (new URLSearchParams(search).get('api') === 'mock') return 'mock';
  return import.meta.env.VITE_API_MODE === 'live' ? 'live' : 'mock';
}

/** The API's origin; empty means same origin (behind a proxy). */
export const apiOrigin: string = import.meta.env.VITE_API_URL ?? '';
