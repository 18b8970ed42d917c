import { createElement, lazy, useEffect, type ComponentType } from 'react';
import { appTookOver } from '#web/lib/app-ready';
import { loadScreenTexts } from '#web/i18n/setup';

/**
 * A screen loaded on demand, as its own chunk: the first visit downloads only the shell and the screen it opens
 * (docs/architecture.md, "Adding a screen"). `name` is the page module's named export, checked by the compiler.
 * The first screen shown marks the moment the app took the page over (lib/app-ready.ts).
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const Page = (await load())[name] as ComponentType<object>;
    return {
      default: function Screen(props: object) {
        useEffect(appTookOver, []);
        return createElement(Page, props);
      },
    };
  });
}

/** A screen's module once the ladder of verification's words are loaded too (i18n/screen-texts.ts). */
export async function withScreenTexts<M>(page: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([page, loadScreenTexts()]);
  return loaded;
}
