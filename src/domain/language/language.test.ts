import { describe, expect, it } from 'vitest';
import { languageFromPreferences, languageInUse, withLanguageParam, withoutLanguageParam } from './language';

describe('the language a link or a browser names', () => {
  it('sets lang on a link, keeping its query and fragment', () => {
    expect(withLanguageParam('https://sanga.example.org/join-team?token=abc-_1', 'es')).toBe('https://sanga.example.org/join-team?token=abc-_1&lang=es');
    expect(withLanguageParam('https://sanga.example.org/coordinator', 'en')).toBe('https://sanga.example.org/coordinator?lang=en');
    expect(withLanguageParam('/x?lang=en#top', 'es')).toBe('/x?lang=es#top');
  });

  it('takes lang off a page address and says what it named', () => {
    expect(withoutLanguageParam('/login?lang=es')).toEqual({ url: '/login', language: 'es' });
    expect(withoutLanguageParam('/join-team?token=abc&lang=es')).toEqual({ url: '/join-team?token=abc', language: 'es' });
    expect(withoutLanguageParam('/login?lang=fr')).toEqual({ url: '/login', language: undefined });
    expect(withoutLanguageParam('/login?mode=signup')).toEqual({ url: '/login?mode=signup', language: undefined });
    expect(withoutLanguageParam('/login')).toEqual({ url: '/login', language: undefined });
  });

  it('reads Accept-Language and navigator.languages by preference', () => {
    expect(languageFromPreferences('es-419,es;q=0.9,en;q=0.8')).toBe('es');
    expect(languageFromPreferences('fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(languageFromPreferences('en;q=0.5, es;q=0.9')).toBe('es');
    expect(languageFromPreferences('es;q=0, en')).toBe('en');
    expect(languageFromPreferences('de, fr')).toBeUndefined();
    expect(languageFromPreferences(undefined)).toBeUndefined();
    expect(languageFromPreferences(['es-MX', 'en-US'])).toBe('es');
  });
});

describe('one language per person', () => {
  it('is the account’s for a signed-in member, whatever the browser chose; the browser’s for a visitor', () => {
    expect(languageInUse({ language: 'es' }, 'en')).toBe('es');
    expect(languageInUse({ language: 'en' }, 'es')).toBe('en');
    expect(languageInUse(null, 'es')).toBe('es');
    expect(languageInUse(undefined, 'en')).toBe('en');
  });
});
