import type { ProfileFormValues } from '#domain/profile/profile-input';
import type { OwnProfile } from '#domain/profile/profile-api';
import type { AppInstance } from '#server/app-types';
import { applicationBody, makeJpeg, validProfileInput } from './fixtures';

// Kept here for the server's tests; it lives in fixtures.ts, which the browser tests import without the app.
export { applicationBody };
import { signUp } from './test-app';

// The fixtures need no server, so the browser tests use them too; the API tests get them from here.
export { makeJpeg, validProfileInput };

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

