import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import i18next from 'i18next';
import { languageInUse, manifestHref, type Language } from '#domain/language/language';
import { loadLanguage, readStoredLanguage, storeLanguage } from '#web/i18n/setup';
import { useSavePreferences } from '#web/lib/preferences';
import { useCurrentUser } from '#web/features/auth/api/current-user';

interface LanguageContextValue {
  language: Language;
  /** The switch: the browser's choice, and for a signed-in member their account's language. */
  setLanguage: (language: Language) => void;
  /**
   * A mailed link's language (a referee's page): a visitor's screens take it, without saving it anywhere but the
   * browser; a signed-in member's stay in their account's language.
   */
  followLinkLanguage: (language: Language) => void;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/**
 * The language of the screens: a signed-in member's account language, else the browser's choice (domain/language/language.ts
 * languageInUse). `initialLanguage`: the language a server render was made in (the browser reads the stored choice).
 */
export function LanguageProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: Language | undefined }) {
  const [chosen, setChosen] = useState<Language>(() => initialLanguage ?? readStoredLanguage());
  const { user } = useCurrentUser();
  const { mutate: savePreferences } = useSavePreferences();
  const language = languageInUse(user, chosen);
  const signedIn = user !== null;

  // The browser keeps the account's language as its own choice: signed out later, the screens stay in it. (Set while
  // rendering, React's way to follow a value: the render starts again at once, before anything is painted.)
  if (user && chosen !== user.language) setChosen(user.language);

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

  const setLanguage = useCallback(
    (next: Language) => {
      setChosen(next);
      // Mails and pushes read the account's language: the switch changes it there too.
      if (signedIn) savePreferences({ language: next });
    },
    [signedIn, savePreferences],
  );
  // The browser's choice alone: for a signed-in member languageInUse keeps the account's language whatever it says.
  const followLinkLanguage = setChosen;
  const value = useMemo(() => ({ language, setLanguage, followLinkLanguage }), [language, setLanguage, followLinkLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The current language and its setter; throws outside LanguageProvider, as the spec requires. */
export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}
