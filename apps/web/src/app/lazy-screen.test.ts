import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from '../shared/lazy-component.ts';
import { lazyScreen, preloadBootRoute, useBootModulesSettled } from './lazy-screen.ts';

const Hello = () => createElement('p', null, 'Hello from the screen');
const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello, ${name}`);
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

describe('lazyComponent', () => {
  it('hands its props to the loaded component, at once once preloaded', async () => {
    const Lazy = lazyComponent(async () => Greeting);
    expect(inSuspense(createElement(Lazy, { name: 'Ada' }))).toContain('Loading');
    expect(await Lazy.preload()).toBe(Greeting);
    expect(inSuspense(createElement(Lazy, { name: 'Ada' }))).toContain('Hello, Ada');
  });
});

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

describe("the web app's lazy components", () => {
  it('are all lazyComponent: none uses React.lazy, which suspends even once its module is in', () => {
    const sources = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const files = fs
      .readdirSync(sources, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => ({ file, source: fs.readFileSync(path.join(sources, file), 'utf8') }));
    const users = files.filter(
      ({ source }) =>
        /import\s*\{[^}]*\blazy\b[^}]*\}\s*from\s*'react'/.test(source) || /React\.lazy\(/.test(source),
    );
    expect(users.map(({ file }) => file)).toEqual([]);
    // The walk does read the sources that use the helper (else the check above passes vacuously).
    expect(files.filter(({ source }) => source.includes('lazyComponent(')).length).toBeGreaterThanOrEqual(6);
  });
});
