import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { errorCodes } from '#domain/error-codes';
import { ApiError } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';
import en from './en';
import es from './es';

describe('error codes', () => {
  it('each code the server can answer has an English and a Spanish text, and they differ', () => {
    for (const code of errorCodes) {
      expect(en.errors[code], code).toMatch(/\S/);
      expect(es.errors[code], code).toMatch(/\S/);
      expect(es.errors[code], code).not.toBe(en.errors[code]);
    }
    expect(Object.keys(en.errors).sort()).toEqual([...errorCodes].sort());
  });

  it('a failed request reads in the member language, never as the server sentence', async () => {
    const t = await i18next.createInstance().init({ lng: 'es', resources: { es: { translation: es } } });
    const answer = JSON.stringify({ code: 'invitation-expired', message: 'Invitation expired', errors: [] });
    expect(errorText(t, new ApiError(410, answer, 'Gone'))).toBe(es.errors['invitation-expired']);
    // A code we do not know (an older or newer server) falls back to the screen's own line, not the English text.
    const unknown = JSON.stringify({ code: 'no-such-code', message: 'English words', errors: [] });
    expect(errorText(t, new ApiError(409, unknown, 'Conflict'), 'No se pudo.')).toBe('No se pudo.');
    expect(errorText(t, new Error('network'))).toBe(es.common.errors.generic);
  });
});
