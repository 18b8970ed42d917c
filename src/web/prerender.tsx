/**
 * The first-visit screens rendered to HTML on the server: a visitor's first page paints from the HTML
 * itself, before any JavaScript has arrived, and the app then hydrates it (main.tsx). The build compiles this
 * file for Node beside the browser bundle (vite.config.ts, `sanga-server-render`); the server imports it when
 * a visitor first asks for one of these pages and keeps each result (server/first-visit-html.ts).
 *
 * Rendered as a visitor sees it: nobody signed in, in the language asked for, with this deployment's footer
 * details; no data fetched here (a screen shows what it shows before its first answer) except the answers the
 * server passes in `queries` (the Guidance list), which the page carries for the browser to start from.
 */
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Language } from '#domain/language/language';
import type { SiteInfo } from '#domain/site/site-info';
import { App, type InitialQueries } from './app/app';
import { initI18n, loadLanguage } from './i18n/setup';
import { setSiteInfoForServerRender } from './lib/site-info';

let started: Promise<unknown> | undefined;
/** One render at a time: i18next's language is the process's, and each render sets it. */
let queue: Promise<unknown> = Promise.resolve();

/** The markup of `path`'s screen for #root, in `language`, showing `queries` (answers by API path) where it asks for them. */
export function renderFirstVisit(path: string, language: Language, site: SiteInfo, queries?: InitialQueries): Promise<string> {
  const render = queue.then(async () => {
    started ??= initI18n('en');
    await started;
    await loadLanguage(language);
    await i18next.changeLanguage(language);
    setSiteInfoForServerRender(site);
    // prerender waits for every lazy screen and Suspense boundary: the whole page, not its loading state.
    // Every boundary inline (no outlining of large ones): outlined parts are put in place by inline scripts,
    // which the Content-Security-Policy refuses (script-src 'self').
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App serverRender={{ path, language }} initialQueries={queries} />
      </StrictMode>,
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks).toString('utf8');
  });
  queue = render.catch(() => undefined);
  return render;
}
