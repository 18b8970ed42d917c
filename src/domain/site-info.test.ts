import { describe, expect, it } from 'vitest';
import { parseSiteInfo } from './site-info';

describe('parseSiteInfo (the footer JSON read back from the page, without zod)', () => {
  it('takes the three fields, each link or name as text or null', () => {
    expect(parseSiteInfo({ ministryUrl: 'https://m.example', ministryName: null, contactEmail: 'a@b.c' })).toEqual({
      ministryUrl: 'https://m.example',
      ministryName: null,
      contactEmail: 'a@b.c',
    });
  });

  it('drops fields it does not know', () => {
    expect(parseSiteInfo({ ministryUrl: null, ministryName: 'Temple', contactEmail: 'a@b.c', extra: '<b>' })).toEqual({
      ministryUrl: null,
      ministryName: 'Temple',
      contactEmail: 'a@b.c',
    });
  });

  it('refuses anything else', () => {
    for (const value of [undefined, null, 'text', 42, [], {}, { ministryUrl: 1, ministryName: null, contactEmail: 'a@b.c' }, { ministryUrl: null, ministryName: null }, { ministryUrl: null, ministryName: null, contactEmail: null }]) {
      expect(parseSiteInfo(value), JSON.stringify(value)).toBeNull();
    }
  });
});
