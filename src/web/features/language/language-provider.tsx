import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import i18next from 'i18next';
import { manifestHref, type Language } from '../../../domain/language';
import { loadLanguage, readStoredLanguage, storeLanguage } from '../../i18n/setup';

interface LanguageContextValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** `initialLanguage`: the language a server render was made in (the browser reads the stored choice instead). */
export function LanguageProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: Language | undefined }) {
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? readStoredLanguage());

  useEffect(() => {
    storeLanguage(language);
    let current = true;
    // The page and <html lang> change together, once the catalog is loaded (Spanish is fetched on first use).
    void loadLanguage(language).then(() => {
      if (!current) return;
      document.documentElement.lang = language;
      document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref[language]);
      // Only a change: i18next announces "languageChanged" even for the language it is in, and every translated
      // component then renders again, synchronously, in one task (on the first visit, just after hydrating).
      if (i18next.language !== language) void i18next.changeLanguage(language);
    });
    return () => {
      current = false;
    };
  }, [language]);

  const setLanguage = useCallback((next: Language) => setLanguageState(next), []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The current language and its setter; throws outside LanguageProvider, as the spec requires. */
export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}
