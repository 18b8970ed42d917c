import { describe, expect, it } from 'vitest';
import { signInHref } from './sign-in-href';

describe('signInHref', () => {
  it('encodes the return path, query string included', () => {
    expect(signInHref('/match/abc')).toBe('/api/login?returnTo=%2Fmatch%2Fabc');
    const url = new URL(signInHref('/conversation/x?y=1&z=2'), 'http://localhost');
    expect(url.pathname).toBe('/api/login');
    expect(url.searchParams.get('returnTo')).toBe('/conversation/x?y=1&z=2');
    expect([...url.searchParams.keys()]).toEqual(['returnTo']);
  });
});
