import sharp from 'sharp';
import type { ProfileFormValues } from '../../domain/profile';
import type { OwnProfile } from '../../domain/profile-api';
import { toApplicationPayload, volunteerApplicationForm } from '../../domain/volunteer';
import type { AppInstance } from '../app-types';
import { signUp } from './test-app';

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

/** The whole upload flow of spec §7 through the API; answers the objectPath. */
export async function uploadPhoto(app: AppInstance, cookie: string, body?: Buffer): Promise<string> {
  const ticket = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  if (ticket.statusCode !== 200) throw new Error(`ticket: ${ticket.statusCode} ${ticket.body}`);
  const { uploadURL } = ticket.json<{ uploadURL: string }>();
  const put = await app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { cookie, 'content-type': 'image/jpeg' },
    payload: body ?? (await makeJpeg()),
  });
  if (put.statusCode !== 200) throw new Error(`upload: ${put.statusCode} ${put.body}`);
  const registered = await app.inject({ method: 'PUT', url: '/api/profile-photos', headers: { cookie }, payload: { photoURL: uploadURL } });
  if (registered.statusCode !== 200) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  return registered.json<{ objectPath: string }>().objectPath;
}

/** A signed-up user with a saved profile, two photos and (by default) an active profile. */
export async function createProfileUser(app: AppInstance, overrides: Partial<ProfileFormValues> = {}, options: { active?: boolean } = {}) {
  const account = await signUp(app);
  const created = await app.inject({ method: 'POST', url: '/api/profile', headers: { cookie: account.cookie }, payload: validProfileInput(overrides) });
  if (created.statusCode !== 201) throw new Error(`profile: ${created.statusCode} ${created.body}`);
  const photos = [await uploadPhoto(app, account.cookie), await uploadPhoto(app, account.cookie)];
  const withPhotos = await app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: account.cookie }, payload: { photos } });
  if (withPhotos.statusCode !== 200) throw new Error(`photos: ${withPhotos.statusCode} ${withPhotos.body}`);
  let profile = withPhotos.json<OwnProfile>();
  if (options.active !== false) {
    const active = await app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: account.cookie }, payload: { active: true } });
    if (active.statusCode !== 200) throw new Error(`activate: ${active.statusCode} ${active.body}`);
    profile = active.json<OwnProfile>();
  }
  return { account, profile, photos };
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
