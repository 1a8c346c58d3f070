import { afterEach } from 'vitest';

// Testing Library cleans up only when it can see a global afterEach; be explicit for jsdom files.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});
