import { afterEach } from 'vitest';

// Testing Library cleans up only when it can see a global afterEach; be explicit for jsdom files.
afterEach(async () => {
  if (typeof document !== 'undefined') {
    const { cleanup } = await import('@testing-library/react');
    cleanup();
  }
});

if (typeof document !== 'undefined') {
  const { installComputedStyle } = await import('./computed-style');
  installComputedStyle(window);

  const { configure, getConfig, prettyDOM } = await import('@testing-library/react');
  configure({
    // findBy and waitFor give up after 1 s by default, which a busy CI machine can exceed while
    // the mock answers and a screen's code is first compiled (a login that opens home took over
    // 15 s on a loaded machine once); they still return as soon as the screen shows what is
    // awaited.
    asyncUtilTimeout: 45000,
    // Testing Library's own error, whose message (the page printed) is written when it is read:
    // findBy and waitFor make one for every try that does not find what they wait for and read
    // only the last, when they give up, so printing the page each time was work thrown away.
    getElementError(message, container) {
      const error = new Error();
      error.name = 'TestingLibraryElementError';
      let text: string | undefined;
      Object.defineProperty(error, 'message', {
        configurable: true,
        get: () =>
          (text ??= [
            message,
            `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`,
          ]
            .filter(Boolean)
            .join('\n\n')),
        set: (value: string) => {
          text = value;
        },
      });
      return error;
    },
  });

  // React's development build records a stack trace for each element it makes, up to 10,000 per
  // render, to show where a component was made in its warnings (owner stacks); the component
  // files make millions. Past the limit it records none, as here: a warning keeps its text and
  // loses only those stacks, which no test reads.
  const React = await import('react');
  const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks: number }>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => 10_000,
    set: () => undefined,
  });
}
