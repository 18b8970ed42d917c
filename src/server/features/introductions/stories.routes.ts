import { z } from 'zod';
import { adminStory, publishedStory, storyInput, storyPublished, storyRecorded } from '#domain/introductions/stories';
import { MAX_SELFIE_BYTES } from '#domain/verification/selfie';
import type { AppInstance } from '#server/app-types';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import { badRequest, unauthorized } from '#server/errors';
import { actorOf, adminOnly, anyone, memberOf, signedIn } from '#server/http/guards';
import type { RateLimits } from '#server/security/rate-limiter';
import type { StoriesService } from './stories.service';

const idParams = z.object({ id: z.uuid() });
const photoParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.jpg$/) });
/** A member choosing the photo of the two: generous, as for profile photos, and every upload counts. */
const STORY_PHOTOS_PER_DAY = 10;
const ONE_DAY = 24 * 60 * 60 * 1000;

/**
 * Stories, with consent (issue 51 part 5): a member's answer and photo, the landing page's list, the admin's list
 * and publication (audited), and the photo itself under stories.service.ts's rules.
 */
export function storiesRoutes(app: AppInstance, deps: { stories: StoriesService; auditLog: AuditLog; limits: RateLimits; now: () => Date }) {
  const { stories, auditLog, limits, now } = deps;
  const photoLimit = limits.limiter('story-photo', STORY_PHOTOS_PER_DAY, ONE_DAY);

  app.post('/api/introductions/:id/story', { preValidation: signedIn, schema: { params: idParams, body: storyInput, response: { 200: storyRecorded } } }, async (request) => {
    return stories.answer(memberOf(request).userId, request.params.id, request.body, now());
  });

  // The photo of the two, as a photo upload is sent (the raw bytes): its own scope, so only this route reads a body
  // that is not JSON.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_SELFIE_BYTES }, (_request, body, done) => done(null, body));
    (scope as AppInstance).put(
      '/api/introductions/:id/story/photo',
      {
        bodyLimit: MAX_SELFIE_BYTES,
        schema: { params: idParams, response: { 200: z.object({ photo: z.string() }) } },
        // Before the body is read: a visitor cannot make us read 10 MB.
        onRequest: async (request) => {
          const userId = request.session.data.userId;
          if (!userId) throw unauthorized();
          await photoLimit.hit(userId);
        },
        preValidation: signedIn,
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('upload-empty');
        return stories.addPhoto(memberOf(request).userId, request.params.id, request.body, now());
      },
    );
  });

  // Anyone: the landing page's stories.
  app.get('/api/stories', { preValidation: anyone, schema: { response: { 200: z.array(publishedStory) } } }, async () => stories.published());

  app.get('/objects/stories/:key', { preValidation: anyone, schema: { params: photoParams } }, async (request, reply) => {
    const data = await stories.readPhoto(request.params.key, actorOf(request));
    return reply
      .header('Content-Type', 'image/jpeg')
      // A minute at most: a withdrawal takes the story down at once, and the photo with it.
      .header('Cache-Control', 'private, max-age=60')
      .header('Content-Disposition', 'inline')
      .send(data);
  });

  app.get('/api/admin/stories', { preValidation: adminOnly, schema: { response: { 200: z.array(adminStory) } } }, async () => stories.forAdmin());

  app.post('/api/admin/stories/:id/publish', { preValidation: adminOnly, schema: { params: idParams, response: { 200: storyPublished } } }, async (request) => {
    const published = await stories.publish(request.params.id, now());
    await auditLog.record(auditActorOf(request), 'story.publish', { type: 'introduction', id: request.params.id });
    return published;
  });

  app.delete('/api/admin/stories/:id/publish', { preValidation: adminOnly, schema: { params: idParams, response: { 200: storyPublished } } }, async (request) => {
    const taken = await stories.unpublish(request.params.id);
    await auditLog.record(auditActorOf(request), 'story.unpublish', { type: 'introduction', id: request.params.id });
    return taken;
  });
}
