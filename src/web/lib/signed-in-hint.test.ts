import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './signed-in-hint';

describe('hasSignedInHint', () => {
  it('finds the hint among other cookies, and only the exact hint', () => {
    expect(hasSignedInHint('a=b; sanga_signed_in=1; c=d')).toBe(true);
    expect(hasSignedInHint('sanga_signed_in=1')).toBe(true);
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('sanga_signed_in=')).toBe(false);
    expect(hasSignedInHint('x_sanga_signed_in=1')).toBe(false);
  });
});
