import i18next from 'i18next';
import type { Language } from '#domain/language/language';

/**
 * The words of the staff and verification screens (the member's ladder and selfie step, the coordinators' selfie
 * review and member page, the introductions' outcomes, "Did you meet?" and reasons for a no: a few KiB of brotli) are
 * not in the first download, which every visitor's screen pays for (`npm run test:size`): they are fetched with those
 * screens and merged into the catalog, the ladder's under `verification`, the introductions' under `introductions`,
 * the profile form's birth details (issue 52) under `vedic`, the admin dashboard's under `admin`. Once a screen asked for them, a change of language
 * fetches the other language's too (setup.ts loadLanguage).
 */
const screens: Record<Language, () => Promise<[{ default: object }, { default: object }, { default: object }, { default: object }]>> = {
  en: () => Promise.all([import('./en/verification-screens'), import('./en/introductions-screens'), import('./en/vedic-screens'), import('./en/admin-screens')]),
  es: () => Promise.all([import('./es/verification-screens'), import('./es/introductions-screens'), import('./es/vedic-screens'), import('./es/admin-screens')]),
};

let wanted = false;
const loaded = new Set<Language>();

/** Whether a screen asked for them (then every language loaded from now on gets them too). */
export function screenTextsWanted(): boolean {
  return wanted;
}

/** Merges the screens' words of `language` into its catalog (loaded before: setup.ts); a no-op once they are. */
export async function addScreenTexts(language: Language): Promise<void> {
  wanted = true;
  if (loaded.has(language)) return;
  const [{ default: verification }, { default: introductions }, { default: vedic }, { default: admin }] = await screens[language]();
  i18next.addResourceBundle(language, 'translation', { verification, introductions, vedic, admin }, true, true);
  loaded.add(language);
}
