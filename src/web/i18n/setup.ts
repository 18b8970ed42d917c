import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languageStorageKey, parseLanguage, type Language } from '../../domain/language';
import en from './en';
import es from './es';

export const resources = { en: { translation: en }, es: { translation: es } } as const;

/** Reads the stored choice; an unknown or missing value means English. */
export function readStoredLanguage(): Language {
  try {
    return parseLanguage(window.localStorage.getItem(languageStorageKey));
  } catch {
    return defaultLanguage;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

export function initI18n(language: Language) {
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
