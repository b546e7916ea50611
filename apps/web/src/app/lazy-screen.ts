import { type ComponentType, lazy } from 'react';

/** A route screen loaded on first visit, from a module exporting it by name. */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
