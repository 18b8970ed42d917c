// Test data that needs no server: the API tests (through factories.ts), the crash test and the
// browser tests build profiles and photos from these, so a rule change is made in one place.
import sharp from 'sharp';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { toApplicationPayload, volunteerApplicationForm } from '#domain/volunteers/volunteer';

/** A profile body that passes every rule; override any field. */
export function validProfileInput(overrides: Partial<ProfileFormValues> = {}): ProfileFormValues {
  return {
    name: 'Radha Devi',
    gender: 'woman',
    dateOfBirth: '1994-05-17',
    minAge: 28,
    maxAge: 40,
    ageFlexibility: 'preferred',
    exactLocation: 'Austin, Texas, USA',
    relocation: 'open-to-discuss',
    communityAffiliation: 'ISKCON',
    courtshipAlignment: 'one-to-one-preferred',
    dietAlignment: 'strict-sattvic',
    languagesSpoken: 'English, Hindi',
    dealBreakers: 'Smoking, meat eating, no spiritual practice',
    dealMakers: 'Daily sadhana, kindness, family values',
    aboutYou: 'I teach yoga and volunteer at the temple kitchen. I am looking for a partner to serve with.',
    marriageReadinessConsultation: 'yes',
    // Asked by the web form of every profile (the API takes a profile without it: a spec client's).
    maritalHistory: 'never-married',
    ...overrides,
  };
}

/** A real JPEG made here with sharp; optionally carrying GPS EXIF and an orientation tag. */
export async function makeJpeg(options: { width?: number; height?: number; gps?: boolean; orientation?: number; color?: string } = {}) {
  const { width = 120, height = 80, gps = false, orientation, color = '#c2570c' } = options;
  let image = sharp({ create: { width, height, channels: 3, background: color } }).jpeg();
  if (orientation) image = image.withMetadata({ orientation });
  if (gps) {
    image = image.withExifMerge({
      IFD0: { Copyright: 'test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 35/1' },
    });
  }
  return image.toBuffer();
}

/** A suffix no other test (or test file, or run) uses: lists shared by a whole run can be searched by it. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A volunteer application body as the form sends it (spec §7 note); override any field. */
export function applicationBody(overrides: Record<string, unknown> = {}) {
  const form = volunteerApplicationForm.parse({
    name: 'Gopal Das Sharma',
    email: 'gopal@example.com',
    dateOfBirth: '1975',
    contribution: 'Premarital counselling and kirtan',
    background: 'Twenty years of temple service and family mentoring.',
    freeOfferings: 'Weekly satsang',
    paidServices: 'Astrology consultations',
    donationInfo: 'Donations support the temple kitchen',
    minimumDonation: '$20',
    agreeToRevenueSplit: true,
  });
  return { ...toApplicationPayload(form), ...overrides };
}
