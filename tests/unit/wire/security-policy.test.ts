import { describe, expect, it } from 'vitest';
import { apiSources, contentSecurityPolicy } from '../../../src/security-policy';

const SAME_ORIGIN =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; worker-src 'self'; manifest-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'";

describe('contentSecurityPolicy', () => {
  it('as a header (Node server, vite preview) it also forbids framing', () => {
    expect(contentSecurityPolicy({ delivery: 'header' })).toBe(
      `${SAME_ORIGIN}; frame-ancestors 'none'`,
    );
  });

  it('as a meta tag it leaves out frame-ancestors, which browsers ignore there', () => {
    expect(contentSecurityPolicy({ delivery: 'meta' })).toBe(SAME_ORIGIN);
  });

  it('lets the app call an API on another origin, and nothing else', () => {
    const policy = contentSecurityPolicy({
      delivery: 'meta',
      connectTo: ['https://api.example.com'],
    });
    expect(policy).toContain("; connect-src 'self' https://api.example.com; ");
    expect(policy.match(/api\.example\.com/g)).toHaveLength(1);
  });

  it('allows no inline script, no eval and no plugins', () => {
    for (const delivery of ['header', 'meta'] as const) {
      const policy = contentSecurityPolicy({ delivery });
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*/);
      expect(policy).toContain("object-src 'none'");
    }
  });
});

describe('apiSources', () => {
  it.each([
    ['live, another origin', 'live', 'https://api.example.com', ['https://api.example.com']],
    [
      'live, path and slash dropped',
      'live',
      'https://api.example.com:8443/x/',
      ['https://api.example.com:8443'],
    ],
    ['live, same origin', 'live', '', []],
    ['live, unset', 'live', undefined, []],
    ['the demo, which answers in the page', 'mock', 'https://api.example.com', []],
    ['no mode (the demo)', undefined, 'https://api.example.com', []],
  ])('%s', (_case, mode, url, expected) => {
    expect(apiSources(mode, url)).toEqual(expected);
  });

  it('fails the build on an API address that is no URL', () => {
    expect(() => apiSources('live', 'api.example.com')).toThrow();
  });
});
