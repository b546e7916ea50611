import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen, preloadBootRoute, useBootModulesSettled } from './lazy-screen.ts';

const Hello = () => createElement('p', null, 'Hello from the screen');
const inSuspense = (element: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, element));

/** A module load that resolves when told to. */
function deferredLoad() {
  let resolve: () => void = () => {};
  const loaded = new Promise<{ Hello: typeof Hello }>((done) => {
    resolve = () => done({ Hello });
  });
  return { load: () => loaded, resolve };
}

describe('lazyScreen', () => {
  it('suspends before its module has loaded', () => {
    const Screen = lazyScreen(deferredLoad().load, 'Hello');
    expect(inSuspense(createElement(Screen))).toContain('Loading');
  });

  it('renders at once, without suspending, once its module has loaded (React.lazy suspends here)', async () => {
    const Screen = lazyScreen(async () => ({ Hello }), 'Hello');
    await Screen.preload();
    const html = inSuspense(createElement(Screen));
    expect(html).toContain('Hello from the screen');
    expect(html).not.toContain('Loading');
  });

  it('asks for its module once, however often it is preloaded', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads++;
      return { Hello };
    }, 'Hello');
    await Promise.all([Screen.preload(), Screen.preload()]);
    await Screen.preload();
    expect(loads).toBe(1);
  });

  it('asks again after a failed load (a new build, the network)', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads++;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return { Hello };
    }, 'Hello');
    await expect(Screen.preload()).rejects.toThrow('Failed to fetch');
    await Screen.preload();
    expect(loads).toBe(2);
    expect(inSuspense(createElement(Screen))).toContain('Hello from the screen');
  });
});

function Probe() {
  return createElement('p', null, `settled: ${useBootModulesSettled()}`);
}

describe('preloadBootRoute', () => {
  it("says the boot route's modules are not settled until every one has loaded or failed", async () => {
    const layout = deferredLoad();
    const Layout = lazyScreen(layout.load, 'Hello');
    const Broken = lazyScreen(() => Promise.reject(new Error('gone')), 'Hello');
    preloadBootRoute([
      { route: { element: createElement(Layout) } },
      { route: { element: createElement(Broken) } },
    ]);
    expect(renderToString(createElement(Probe))).toContain('settled: false');
    layout.resolve();
    await new Promise((done) => setTimeout(done, 0));
    expect(renderToString(createElement(Probe))).toContain('settled: true');
  });
});
