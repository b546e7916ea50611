import { type ComponentType, createElement, use } from 'react';

/** A component whose module loads on first render, or earlier when asked (`preload`). */
export type LazyComponent<P extends object> = ComponentType<P> & {
  preload: () => Promise<ComponentType<P>>;
};

/**
 * React.lazy, except that a component whose module is already in renders at once: `use` suspends only
 * before it has loaded. React.lazy suspends on every first render, even of a module loaded long before
 * (preloaded on a hover, say), and React shows what a suspended boundary holds no sooner than 300 ms after
 * its fallback appeared: a cold /orders waited that out twice, and the page editor's first text edit once.
 * A failed load (a new build, the network) is asked again by the next render or `preload`.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component, at load, as React.lazy is
  function Lazy(props: P) {
    return createElement(loaded ?? use(preload()), props);
  }
  return Object.assign(Lazy, { preload });
}
