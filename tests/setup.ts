import { afterEach } from 'vitest';

// Testing Library cleans up only when it can see a global afterEach; be explicit for jsdom files.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});

// findBy and waitFor give up after 1 s by default, which a busy CI machine can exceed while the
// mock answers and a screen's code is first compiled (a login that opens home took over 15 s on
// a loaded machine once); they still return as soon as the screen shows what is awaited.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 45000 });
}
