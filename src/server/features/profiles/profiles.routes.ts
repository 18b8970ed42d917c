import { profileInput } from '../../../domain/profile';
import { ownProfile, photosInput, toggleActiveInput } from '../../../domain/profile-api';
import type { AppInstance } from '../../app-types';
import { requireUserId } from '../auth/sessions';
import { toOwnProfile, type ProfilesService } from './profiles.service';

const PREVIEW_MISSING = 'profile-missing';

export function profilesRoutes(app: AppInstance, deps: { profiles: ProfilesService }) {
  const { profiles } = deps;

  app.get('/api/profile', { schema: { response: { 200: ownProfile } } }, async (request) => {
    const userId = requireUserId(request);
    return toOwnProfile(await profiles.getOwn(userId, PREVIEW_MISSING));
  });

  app.post('/api/profile', { schema: { body: profileInput, response: { 200: ownProfile, 201: ownProfile } } }, async (request, reply) => {
    const userId = requireUserId(request);
    const { row, created } = await profiles.save(userId, request.body);
    return reply.status(created ? 201 : 200).send(toOwnProfile(row));
  });

  app.patch('/api/profile', { schema: { body: photosInput, response: { 200: ownProfile } } }, async (request) => {
    const userId = requireUserId(request);
    return toOwnProfile(await profiles.setPhotos(userId, request.body.photos));
  });

  app.patch('/api/profile/toggle-active', { schema: { body: toggleActiveInput, response: { 200: ownProfile } } }, async (request) => {
    const userId = requireUserId(request);
    return toOwnProfile(await profiles.setActive(userId, request.body.active));
  });

  app.get('/api/profile/preview', { schema: { response: { 200: ownProfile } } }, async (request) => {
    const userId = requireUserId(request);
    return toOwnProfile(await profiles.getOwn(userId, PREVIEW_MISSING));
  });
}
