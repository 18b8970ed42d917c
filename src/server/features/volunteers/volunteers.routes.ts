import { z } from 'zod';
import { publicVolunteer, volunteerApplicationInput, volunteerPhotoInput, volunteerProfile } from '#domain/volunteers/volunteer';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import { toVolunteerProfile, type VolunteersService } from './volunteers.service';

export function volunteersRoutes(app: AppInstance, deps: { volunteers: VolunteersService }) {
  const { volunteers } = deps;

  app.post(
    '/api/volunteer-application',
    { preValidation: signedIn, schema: { body: volunteerApplicationInput, response: { 200: volunteerProfile, 201: volunteerProfile } } },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const { row, created } = await volunteers.apply(userId, request.body);
      return reply.status(created ? 201 : 200).send(toVolunteerProfile(row));
    },
  );

  app.get('/api/volunteer-profile', { preValidation: signedIn, schema: { response: { 200: volunteerProfile.nullable() } } }, async (request) => {
    const { userId } = memberOf(request);
    const row = await volunteers.findOwn(userId);
    return row ? toVolunteerProfile(row) : null;
  });

  app.patch('/api/volunteer-profile', { preValidation: signedIn, schema: { body: volunteerPhotoInput, response: { 200: volunteerProfile } } }, async (request) => {
    const { userId } = memberOf(request);
    return toVolunteerProfile(await volunteers.setPhoto(userId, request.body.photo));
  });

  app.get('/api/volunteers', { schema: { response: { 200: z.array(publicVolunteer) } } }, async () => volunteers.listPublic());
}
