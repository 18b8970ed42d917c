import { describe, expect, it } from 'vitest';
import { defaultSiteInfo, parseSiteInfo, SAMPLE_TESTIMONIALS } from './site-info';

const full = {
  ministryUrl: 'https://m.example',
  ministryName: null,
  ministryLine: { en: 'A temple service.', es: 'Un servicio del templo.' },
  contactEmail: 'a@b.c',
  donationUrl: null,
  testimonials: SAMPLE_TESTIMONIALS,
  sampleTestimonials: true,
  eldersApprove: false,
  directMessages: 'introductions-only' as const,
};

describe('parseSiteInfo (the site JSON read back from the page, without zod)', () => {
  it('takes every field, each link or name as text or null', () => {
    expect(parseSiteInfo(full)).toEqual(full);
    expect(parseSiteInfo(defaultSiteInfo)).toEqual(defaultSiteInfo);
  });

  it('reads the messaging mode, and a page without one (or an unknown one) as the default open mode', () => {
    const { directMessages: _mode, ...withoutMode } = full;
    expect(parseSiteInfo(withoutMode)).toEqual({ ...full, directMessages: 'open' });
    expect(parseSiteInfo({ ...full, directMessages: 'closed' })).toEqual({ ...full, directMessages: 'open' });
  });

  it('drops fields it does not know', () => {
    expect(parseSiteInfo({ ...full, extra: '<b>' })).toEqual(full);
  });

  it('refuses anything else', () => {
    const broken = [
      { ...full, ministryUrl: 1 },
      { ...full, contactEmail: null },
      { ...full, ministryLine: { en: 'only English' } },
      { ...full, testimonials: [{ quote: 'not localized', author: 'A', location: '', role: { en: 'r', es: 'r' } }] },
      { ...full, sampleTestimonials: 'yes' },
      { ministryUrl: null, ministryName: null, contactEmail: 'a@b.c' },
    ];
    for (const value of [undefined, null, 'text', 42, [], {}, ...broken]) {
      expect(parseSiteInfo(value), JSON.stringify(value)).toBeNull();
    }
  });
});
