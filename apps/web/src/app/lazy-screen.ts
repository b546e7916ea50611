import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';

/** A lazily loaded screen that can be asked to start loading before it renders. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/** A route screen loaded on first visit, from a module exporting it by name. */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyScreen {
  const screen = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return Object.assign(screen, { preload: load }) as unknown as LazyScreen;
}

/**
 * Starts loading, all at once, the lazy layouts and screen of the given route matches. Rendered, each would
 * ask for its module only once its parent's had arrived and the session was known: on a cold Dashboard that
 * was three round trips one after the other (header layout, Activity layout, the screen). The caller passes
 * the router's own matches: matching the route table again cost ~60 ms of the boot task.
 */
export function preloadRoute(matches: readonly { route: RouteObject }[]): void {
  for (const match of matches) {
    const type = (match.route.element as { type?: Partial<LazyScreen> } | null | undefined)?.type;
    type?.preload?.().catch(() => {});
  }
}
