import en from './en';
import es from './es';
import enScreens from './en/verification-screens';
import esScreens from './es/verification-screens';
import enIntroductions from './en/introductions-screens';
import esIntroductions from './es/introductions-screens';
import enVedic from './en/vedic-screens';
import esVedic from './es/vedic-screens';
import enAdmin from './en/admin-screens';
import esAdmin from './es/admin-screens';

/**
 * Both catalogs at once, for tests that translate in either language (the app loads Spanish on demand: setup.ts),
 * with the staff and verification screens' words, which the app loads with those screens (screen-texts.ts).
 */
export const resources = {
  en: { translation: { ...en, admin: { ...en.admin, ...enAdmin }, vedic: enVedic, introductions: { ...en.introductions, ...enIntroductions }, verification: { ...en.verification, ...enScreens, mine: { ...en.verification.mine, ...enScreens.mine } } } },
  es: { translation: { ...es, admin: { ...es.admin, ...esAdmin }, vedic: esVedic, introductions: { ...es.introductions, ...esIntroductions }, verification: { ...es.verification, ...esScreens, mine: { ...es.verification.mine, ...esScreens.mine } } } },
} as const;
