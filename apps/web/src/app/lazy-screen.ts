import { type ComponentType, useSyncExternalStore } from 'react';
import type { RouteObject } from 'react-router';
import { lazyComponent } from '../shared/lazy-component.ts';

/** A lazily loaded screen that can be asked to start loading before it renders. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * A route screen loaded on first visit, from a module exporting it by name. Once its module is in (preloaded
 * at boot, on a link's hover, or an earlier visit) it renders at once (shared/lazy-component.ts).
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyScreen {
  return lazyComponent(async () => (await load())[name] as ComponentType);
}

/**
 * Starts loading, all at once, the lazy layouts and screen of the given route matches. Rendered, each would
 * ask for its module only once its parent's had arrived and the session was known: on a cold Dashboard that
 * was three round trips one after the other (header layout, Activity layout, the screen). The caller passes
 * the router's own matches: matching the route table again cost ~60 ms of the boot task. Settles (never
 * rejects) once every module has loaded or failed.
 */
export function preloadRoute(matches: readonly { route: RouteObject }[]): Promise<void> {
  const loads = matches.map((match) => {
    const type = (match.route.element as { type?: Partial<LazyScreen> } | null | undefined)?.type;
    return type?.preload?.().catch(() => {});
  });
  return Promise.all(loads).then(() => {});
}

/** Whether the modules of the route the dashboard booted on have settled (true when none were asked for). */
let bootModulesSettled = true;
const bootListeners = new Set<() => void>();

/**
 * Preloads the route the dashboard boots on; until its modules settle, `useBootModulesSettled` says false.
 * The route guard waits for them beside the session: its screen then renders at once instead of suspending
 * (a suspended reveal would wait out React's 300 ms).
 */
export function preloadBootRoute(matches: readonly { route: RouteObject }[]): void {
  bootModulesSettled = false;
  void preloadRoute(matches).then(() => {
    bootModulesSettled = true;
    for (const listener of bootListeners) listener();
  });
}

export function useBootModulesSettled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      bootListeners.add(listener);
      return () => bootListeners.delete(listener);
    },
    () => bootModulesSettled,
    () => bootModulesSettled,
  );
}
