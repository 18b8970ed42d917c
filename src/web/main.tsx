import './lib/start-libraries';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type InitialQueries } from './app/app';
import { parseLanguage, type Language } from '#domain/language/language';
import { initI18n, readStoredLanguage, storeLanguage, takeLinkedLanguage } from './i18n/setup';
import { appTookOver } from './lib/app-ready';
import { watchInstallPrompt } from './lib/install-prompt';
import { startServiceWorker } from './lib/service-worker';
import { nextTask } from './lib/next-task';
import { warmIntl } from './lib/warm-intl';
import { hasSignedInHint } from './lib/signed-in-hint';
import './styles.css';

// zod probes for eval (new Function) to compile its checks; the CSP forbids eval, so the probe only logs a
// policy violation in the console (Lighthouse: best practices). Its plain checks are as fast for our forms.
zodConfig({ jitless: true });
// The browser's install offer can come before any screen mounts: kept for the install hint (app/install-hint.tsx).
watchInstallPrompt();
// Online state from the start; the worker (offline shell, new-build prompt) registers once the page is loaded and
// the browser idle, so it takes nothing from a first visit's paint.
startServiceWorker();

// The app starts in a task of its own: the browser has just run every module of the screen (a long task on a
// phone), and runs what waits (a tap, a frame) before the app reads its settings and takes the page over.
void nextTask().then(startApp);

function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html');
  // A member's screen the server rendered is in their account's language (domain/language/language.ts languageInUse): the
  // app starts in it. Else a mailed link's language (stored as the reader's choice), else the stored one.
  const linked = takeLinkedLanguage();
  const memberRendered = root.dataset.member === '1' && hasSignedInHint() ? root.dataset.serverRender : undefined;
  const language = memberRendered ? parseLanguage(memberRendered) : (linked ?? readStoredLanguage());
  if (memberRendered) storeLanguage(language);
  document.documentElement.lang = language;
  // The server sends a visitor's first page already rendered (server/first-visit-html.ts), and a member screen
  // opened directly rendered for that member (server/member-page-html.ts, `data-member`). The app takes it over
  // (hydrates) when it would render the same: the same language, and still nobody signed in (a visitor's page) or
  // still signed in (a member's). Otherwise (a language chosen before the server knew it, a sign-in or out in
  // another tab meanwhile) it renders afresh over it.
  const serverRendered = root.dataset.serverRender;
  const hydrate = serverRendered === language && (root.dataset.member === '1') === hasSignedInHint();
  const app = (
    <StrictMode>
      <App initialQueries={hydrate ? initialQueriesOfPage() : undefined} liveEventsFrom={root.dataset.member === '1' ? root.dataset.lastEventId : undefined} />
    </StrictMode>
  );
  if (serverRendered && !hydrate) storeLanguage(language);
  void takeOver(root, app, language, hydrate);
}

async function takeOver(root: HTMLElement, app: ReactNode, language: Language, hydrate: boolean): Promise<void> {
  // Rendered once the catalog is there (at once for English, after its chunk for Spanish): no flash of the wrong
  // language. The number and plural rules are set up before, in tasks of their own, not inside a screen's render.
  await initI18n(language);
  await warmIntl(language);
  await nextTask();
  if (hydrate) {
    // In a transition, React hydrates in slices of a few milliseconds and lets the browser run between them,
    // instead of one long task for the whole screen (a phone's main thread stays free: Lighthouse's total blocking
    // time). The page is already painted and usable meanwhile; a tap on a part not yet hydrated hydrates it first.
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  root.replaceChildren();
  createRoot(root).render(app);
  // Rendered in the browser: there is no server page to take over and no form was held (lib/app-ready.ts), but a
  // screen that is not a lazy page (the sign-in card of a member screen) must not leave the moment unmarked.
  appTookOver();
}

/** The answers a server-rendered page was rendered with (the Guidance list, a member screen's own), carried in its JSON block. */
function initialQueriesOfPage(): InitialQueries | undefined {
  const block = document.getElementById('sanga-data');
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as InitialQueries) : undefined;
  } catch {
    return undefined;
  }
}
