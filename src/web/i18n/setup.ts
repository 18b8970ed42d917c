import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, LANGUAGE_COOKIE, languageFromCookies, languageFromPreferences, languageStorageKey, parseLanguage, withoutLanguageParam, type Language } from '#domain/language/language';
import type { CatalogShape } from './catalog';
import en from './en';
import { addScreenTexts, screenTextsWanted } from './screen-texts';

/**
 * English is in the first download (most visitors read it); Spanish is its own chunk, fetched before the first
 * render for those who chose it and when someone switches, so an English visit does not carry it.
 */
const catalogs: Record<Language, () => Promise<CatalogShape<typeof en>>> = {
  en: async () => en,
  es: async () => (await import('./es')).default,
};

/** Makes the language's catalog available (a no-op once it is), with the verification screens' words once asked for. */
export async function loadLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) i18next.addResourceBundle(language, 'translation', await catalogs[language]());
  if (screenTextsWanted()) await addScreenTexts(language);
}

/** For the ladder of verification's screens: their words, in the language shown (screen-texts.ts). */
export async function loadScreenTexts(): Promise<void> {
  const language = parseLanguage(i18next.language);
  await loadLanguage(language);
  await addScreenTexts(language);
}

/**
 * Reads the stored choice (the cookie when storage has none); with none, the first of ours the browser asks for
 * (the server rendered a first page the same way: server/first-visit-html.ts pageLanguage); else English.
 */
export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(languageStorageKey);
    if (stored !== null) return parseLanguage(stored);
    return languageFromCookies(document.cookie) ?? languageFromPreferences(navigator.languages) ?? defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/**
 * The language a mailed link names (`?lang=`, domain/language/language.ts), taken as the reader's choice: stored, and dropped
 * from the address (so a later switch is not undone by a reload of the link). Undefined when the address names none.
 */
export function takeLinkedLanguage(): Language | undefined {
  const { url, language } = withoutLanguageParam(`${window.location.pathname}${window.location.search}`);
  if (url === `${window.location.pathname}${window.location.search}`) return undefined;
  window.history.replaceState(window.history.state, '', `${url}${window.location.hash}`);
  if (language) storeLanguage(language);
  return language;
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  // The server reads it to send the next first visit already rendered in this language (domain/language/language.ts).
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Starts i18next in this language; resolves once its catalog is loaded, so the first render is in it. */
export async function initI18n(language: Language) {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  return i18next;
}
