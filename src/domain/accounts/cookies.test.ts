import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies';

describe('cookieValue', () => {
  it('finds a cookie among others, whatever the spaces, and keeps an = inside its value', () => {
    expect(cookieValue('a=1; sanga_language=es;b=2', 'sanga_language')).toBe('es');
    expect(cookieValue(' sanga_signed_in=1 ', 'sanga_signed_in')).toBe('1');
    expect(cookieValue('token=ab=cd', 'token')).toBe('ab=cd');
  });

  it('answers undefined for a missing cookie, a name that only starts the same, and no header', () => {
    expect(cookieValue('sanga_language_old=es', 'sanga_language')).toBeUndefined();
    expect(cookieValue('', 'sanga_language')).toBeUndefined();
    expect(cookieValue(undefined, 'sanga_language')).toBeUndefined();
  });
});
