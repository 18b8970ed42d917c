import { profileInput } from '#domain/profile/profile-input';
import { ownProfile, photosInput, toggleActiveInput } from '#domain/profile/profile-api';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import { toOwnProfile, type ProfilesService } from './profiles.service';

const PREVIEW_MISSING = 'profile-missing';

export function profilesRoutes(app: AppInstance, deps: { profiles: ProfilesService }) {
  const { profiles } = deps;

  // No profile yet is an answer, not a failure: 200 with null. A new member's first screen (/profile) asks this,
  // and a 404 there was logged by the browser as a failed request on that very first screen.
  app.get('/api/profile', { preValidation: signedIn, schema: { response: { 200: ownProfile.nullable() } } }, async (request) => {
    const { userId } = memberOf(request);
    const row = await profiles.findByUser(userId);
    return row ? toOwnProfile(row, await profiles.vedicOf(userId)) : null;
  });

  app.post('/api/profile', { preValidation: signedIn, schema: { body: profileInput, response: { 200: ownProfile, 201: ownProfile } } }, async (request, reply) => {
    const { userId } = memberOf(request);
    const { row, created, vedic } = await profiles.save(userId, request.body);
    return reply.status(created ? 201 : 200).send(toOwnProfile(row, vedic));
  });

  app.patch('/api/profile', { preValidation: signedIn, schema: { body: photosInput, response: { 200: ownProfile } } }, async (request) => {
    const { userId } = memberOf(request);
    return toOwnProfile(await profiles.setPhotos(userId, request.body.photos), await profiles.vedicOf(userId));
  });

  app.patch('/api/profile/toggle-active', { preValidation: signedIn, schema: { body: toggleActiveInput, response: { 200: ownProfile } } }, async (request) => {
    const { userId } = memberOf(request);
    return toOwnProfile(await profiles.setActive(userId, request.body.active), await profiles.vedicOf(userId));
  });

  app.get('/api/profile/preview', { preValidation: signedIn, schema: { response: { 200: ownProfile } } }, async (request) => {
    const { userId } = memberOf(request);
    return toOwnProfile(await profiles.getOwn(userId, PREVIEW_MISSING), await profiles.vedicOf(userId));
  });
}
