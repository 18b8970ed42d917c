import i18next from 'i18next';
import type { Language } from '#domain/language/language';

/**
 * The words of the ladder of verification's screens (the member's ladder and selfie step, the coordinators' review:
 * about 2 KiB of brotli) are not in the first download, which every visitor's screen pays for
 * (`npm run test:size`): they are fetched with those screens and merged into the catalog under `verification`. Once
 * a screen asked for them, a change of language fetches the other language's too (setup.ts loadLanguage).
 */
const screens: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('./en/verification-screens'),
  es: () => import('./es/verification-screens'),
};

let wanted = false;
const loaded = new Set<Language>();

/** Whether a screen asked for them (then every language loaded from now on gets them too). */
export function verificationTextsWanted(): boolean {
  return wanted;
}

/** Merges the screens' words of `language` into its catalog (loaded before: setup.ts); a no-op once they are. */
export async function addVerificationTexts(language: Language): Promise<void> {
  wanted = true;
  if (loaded.has(language)) return;
  const { default: texts } = await screens[language]();
  i18next.addResourceBundle(language, 'translation', { verification: texts }, true, true);
  loaded.add(language);
}
