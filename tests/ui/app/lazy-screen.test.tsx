// @vitest-environment jsdom
import { startTransition, Suspense, type ComponentType, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../../src/ui/app/lazy-screen';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

/** A load the test finishes by hand, counting how often the code was asked for. */
function manualLoad() {
  let finish: (component: ComponentType<{ name: string }>) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<ComponentType<{ name: string }>>((resolve) => {
        finish = resolve;
      }),
  );
  return { load, finish: () => finish(Greeting) };
}

/** Runs `work` in an async act(), so React's retry after a suspension also runs inside it. */
async function inAct(work: () => void): Promise<void> {
  await act(async () => {
    work();
    await Promise.resolve();
  });
}

async function renderIn(Screen: ComponentType<{ name: string }>): Promise<void> {
  await inAct(() => {
    render(
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Screen name="Ada" />
      </Suspense>,
    );
  });
}

const errors = vi.spyOn(console, 'error');

afterEach(() => {
  errors.mockClear();
});

describe('lazyScreen', () => {
  it('renders a preloaded screen at once, without a fallback', async () => {
    const { load, finish } = manualLoad();
    const Screen = lazyScreen(load);
    const preloaded = Screen.preload();
    finish();
    await preloaded;
    await renderIn(Screen);
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('shows the fallback until the code arrives, then the screen, without a React error', async () => {
    const { load, finish } = manualLoad();
    const Screen = lazyScreen(load);
    await renderIn(Screen);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await inAct(finish);
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
  });

  it('finishes a render that suspended in a transition, calling use() again as React requires', async () => {
    // React replays a suspended render once its data is there; a use() skipped then is an error.
    const { load, finish } = manualLoad();
    const Screen = lazyScreen(load);
    const inSuspense = (content: ReactNode) => (
      <Suspense fallback={<p role="status">Loading…</p>}>{content}</Suspense>
    );
    const { rerender } = render(inSuspense(<p>Home</p>));
    // A transition keeps what is shown while the screen's code loads (as navigating does).
    await inAct(() => {
      startTransition(() => rerender(inSuspense(<Screen name="Ada" />)));
    });
    expect(screen.getByText('Home')).toBeTruthy();
    await inAct(finish);
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
  });

  it('loads the code once however often it is preloaded and rendered', async () => {
    const { load, finish } = manualLoad();
    const Screen = lazyScreen(load);
    const first = Screen.preload();
    await renderIn(Screen);
    finish();
    await act(async () => {
      await Promise.all([first, Screen.preload()]);
    });
    expect(screen.getByRole('heading', { name: 'Hello Ada' })).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });
});
