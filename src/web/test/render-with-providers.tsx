import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { render, type RenderResult } from 'vitest-browser-react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Language } from '#domain/language/language';
import { ToasterOnDemand } from '#web/components/ui/toaster-on-demand';
import { dismissAllToasts } from '#web/components/ui/toast-store';
import { LanguageProvider } from '#web/features/language/components/language-provider';
import { initI18n, loadLanguage } from '#web/i18n/setup';
import { createQueryClient } from '#web/lib/query-client';

let started: Promise<unknown> | undefined;

/** i18next in `language`, its catalog loaded (Spanish is its own chunk, as in the app). */
async function startLanguage(language: Language): Promise<void> {
  started ??= initI18n(language);
  await started;
  await loadLanguage(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export interface RenderedWithProviders extends RenderResult {
  /** The addresses the app went to, the first being `path` (wouter's memory location). */
  history: readonly string[];
}

/**
 * Renders `ui` inside what app/app.tsx puts around every screen: React's StrictMode (as main.tsx), a TanStack Query
 * client from lib/query-client.ts, the LanguageProvider in `language` and the toaster; and a wouter router on an
 * address in memory (`path`), so links and navigation work and the test reads where the app went.
 *
 * Nobody is signed in (no signed-in hint, so who-is-signed-in is known without asking the server): the language is
 * the one given, not an account's. The components tested here take their data as props and need no more.
 */
export async function renderWithProviders(
  ui: ReactNode,
  { language = 'en', path = '/' }: { language?: Language; path?: string } = {},
): Promise<RenderedWithProviders> {
  await startLanguage(language);
  // The toast queue is the module's, not the tree's: an earlier test's toast must not show in this one.
  dismissAllToasts();
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const rendered = await render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>
          <LanguageProvider initialLanguage={language}>
            {ui}
            <ToasterOnDemand />
          </LanguageProvider>
        </Router>
      </QueryClientProvider>
    </StrictMode>,
  );
  return Object.assign(rendered, { history: location.history });
}
