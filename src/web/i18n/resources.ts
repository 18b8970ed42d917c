import en from './en';
import es from './es';
import enScreens from './en/verification-screens';
import esScreens from './es/verification-screens';

/**
 * Both catalogs at once, for tests that translate in either language (the app loads Spanish on demand: setup.ts),
 * with the verification screens' words, which the app loads with those screens (verification-texts.ts).
 */
export const resources = {
  en: { translation: { ...en, verification: { ...en.verification, ...enScreens, mine: { ...en.verification.mine, ...enScreens.mine } } } },
  es: { translation: { ...es, verification: { ...es.verification, ...esScreens, mine: { ...es.verification.mine, ...esScreens.mine } } } },
} as const;
