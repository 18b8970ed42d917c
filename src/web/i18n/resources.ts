import en from './en';
import es from './es';

/** Both catalogs at once, for tests that translate in either language (the app loads Spanish on demand: setup.ts). */
export const resources = { en: { translation: en }, es: { translation: es } } as const;
