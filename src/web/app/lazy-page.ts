import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded on demand, as its own chunk: the first visit downloads only the shell and the screen it opens
 * (docs/architecture.md, "Adding a screen"). `name` is the page module's named export, checked by the compiler.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
