export const languages = ['en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
/** localStorage key holding the chosen language. */
export const languageStorageKey = 'sanga-language';

/** Anything but a known language code falls back to English. */
export function parseLanguage(value: unknown): Language {
  return languages.includes(value as Language) ? (value as Language) : defaultLanguage;
}
