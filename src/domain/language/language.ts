import { cookieValue } from '#domain/accounts/cookies';

export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
/** localStorage key holding the chosen language. */
export const languageStorageKey = 'sanga-language';
/**
 * The same choice as a cookie, for the server: it sends a visitor's first page already rendered in this language
 * (web/prerender.tsx). It only picks which page to send; a signed-in member's pages, mails and pushes follow their
 * account's language instead (languageInUse).
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

/**
 * The language a link names, `?lang=es`: every link a mail carries names the mail's language (mail/templates.ts),
 * so the page it opens, and every page after it, is in the language the mail was written in. The app takes it as
 * the reader's choice (stored as if they had pressed the switch) and drops it from the address.
 */
export const LANGUAGE_PARAM = 'lang';

/** `url` (absolute, or a path) with `?lang=` set to `language`. */
export function withLanguageParam(url: string, language: Language): string {
  const [beforeHash = '', hash] = url.split('#') as [string, string | undefined];
  const [path = '', query = ''] = beforeHash.split('?') as [string, string | undefined];
  const params = new URLSearchParams(query);
  params.set(LANGUAGE_PARAM, language);
  return `${path}?${params}${hash === undefined ? '' : `#${hash}`}`;
}

/** A page's address (a path with its query) without `lang`, and the language `lang` named (undefined: none or unknown). */
export function withoutLanguageParam(url: string): { url: string; language: Language | undefined } {
  const [path = '', query] = url.split('?') as [string, string | undefined];
  if (query === undefined) return { url, language: undefined };
  const params = new URLSearchParams(query);
  const named = params.get(LANGUAGE_PARAM);
  if (named === null) return { url, language: undefined };
  params.delete(LANGUAGE_PARAM);
  const rest = params.toString();
  return { url: rest ? `${path}?${rest}` : path, language: languages.includes(named as Language) ? (named as Language) : undefined };
}

/**
 * The first of our languages a browser asks for, by preference: an Accept-Language header ("es-419,es;q=0.9,en;q=0.8")
 * or navigator.languages. Undefined when it names none of them, so the caller falls back to English.
 */
export function languageFromPreferences(preferences: string | readonly string[] | undefined): Language | undefined {
  const entries = (typeof preferences === 'string' ? preferences.split(',') : (preferences ?? [])).map((entry, index) => {
    const [tag = '', ...parameters] = entry.trim().split(';');
    const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
  });
  const ranked = entries.filter((entry) => entry.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find((primary): primary is Language => languages.includes(primary as Language));
}

/**
 * One language per person. Signed in, a member's language is the one saved on their account (`users.language`):
 * every screen, server render, mail and push uses it, and the EN/ES switch changes it there (the settings page too).
 * Signed out, it is the browser's own choice (the switch, a mailed link's `lang`, else the browser's languages).
 */
export function languageInUse(account: { language: Language } | null | undefined, browserChoice: Language): Language {
  return account ? account.language : browserChoice;
}

/** Anything but a known language code falls back to English. */
export function parseLanguage(value: unknown): Language {
  return languages.includes(value as Language) ? (value as Language) : defaultLanguage;
}
