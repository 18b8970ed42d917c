import { describe, expect, it } from 'vitest';
import { credentialsInput, safeReturnTo } from './auth';
import { parseLanguage } from '#domain/language/language';

describe('safeReturnTo', () => {
  it.each([
    ['/browse', '/browse'],
    ['/match/123?x=1#top', '/match/123?x=1#top'],
    ['//evil.example', '/profile'],
    ['/\\evil.example', '/profile'],
    ['https://evil.example', '/profile'],
    ['javascript:alert(1)', '/profile'],
    ['/ok\nLocation: x', '/profile'],
    ['/api/logout', '/profile'],
    ['', '/profile'],
    [undefined, '/profile'],
    [42, '/profile'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});

describe('credentials', () => {
  it('normalises the email and checks the password length', () => {
    expect(credentialsInput.parse({ email: '  Me@Example.COM ', password: '12345678' })).toEqual({ email: 'me@example.com', password: '12345678' });
    expect(credentialsInput.safeParse({ email: 'me@example.com', password: '1234567' }).success).toBe(false);
    expect(credentialsInput.safeParse({ email: 'me@', password: '12345678' }).success).toBe(false);
  });
});

describe('parseLanguage', () => {
  it('accepts en and es and falls back to en for anything else', () => {
    expect(parseLanguage('es')).toBe('es');
    expect(parseLanguage('en')).toBe('en');
    for (const value of ['fr', 'ES', '', null, undefined, 3]) expect(parseLanguage(value)).toBe('en');
  });
});
