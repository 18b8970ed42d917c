import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from './resources';
import { formMessageOf, translateValidation } from './validation-text';

describe('validation texts by code', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
  });

  it('says the limit and that an empty email is required, in both languages', async () => {
    await i18n.changeLanguage('en');
    expect(translateValidation(i18n.t, 'tooLong2000')).toBe('At most 2,000 characters');
    expect(translateValidation(i18n.t, 'emailRequired')).toBe('Email is required');
    await i18n.changeLanguage('es');
    expect(translateValidation(i18n.t, 'tooLong2000')).toBe('Como máximo 2000 caracteres');
    expect(translateValidation(i18n.t, 'emailRequired')).toBe('El correo electrónico es obligatorio');
    expect(translateValidation(i18n.t, 'minAgeAboveMax')).not.toMatch(/Minimum/);
  });

  it('a server fault keeps its code when the web translates it, else the server’s words', () => {
    expect(formMessageOf({ code: 'aboutYouShort', message: 'Please share more about yourself' })).toBe('aboutYouShort');
    expect(formMessageOf({ code: 'tooLong80', message: 'At most 80 characters' })).toBe('tooLong80');
    expect(formMessageOf({ code: 'photoUnknown', message: 'Unknown photo' })).toBe('Unknown photo');
    expect(formMessageOf({ code: 'invalid', message: 'Expected a number' })).toBe('Expected a number');
  });
});
