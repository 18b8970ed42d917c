import { cookieValue } from './cookies';

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
/** localStorage key holding the chosen language. */
export const languageStorageKey = 'sanga-language';
/**
 * The same choice as a cookie, for the server: it sends a first-visit page already rendered in this language
 * (web/prerender.tsx). It only picks which static page to send; nothing else on the server reads it.
 */
export const LANGUAGE_COOKIE = 'sanga_language';

/**
 * The web app manifest in each language (its name and description, `lang`): a page links the one of its language,
 * so a phone installing the app from a Spanish page shows the Spanish description.
 */
export const manifestHref: Record<Language, string> = { en: '/manifest.webmanifest', es: '/manifest.es.webmanifest' };

/** The language a Cookie header asks for, or undefined when it names none. */
export function languageFromCookies(cookies: string | undefined): Language | undefined {
  const value = cookieValue(cookies, LANGUAGE_COOKIE);
  return languages.includes(value as Language) ? (value as Language) : undefined;
}

/** Anything but a known language code falls back to English. */
export function parseLanguage(value: unknown): Language {
  return languages.includes(value as Language) ? (value as Language) : defaultLanguage;
}
