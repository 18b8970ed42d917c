import { z } from 'zod';
import { MAX_UPLOAD_BYTES, registeredPhoto, registerPhotoInput, uploadTicket, uploadTicketInput } from '#domain/profile/profile-api';
import type { AppInstance } from '#server/app-types';
import { actorOf, anyone, memberOf, signedIn } from '#server/http/guards';
import { badRequest } from '#server/errors';
import type { RateLimits } from '#server/security/rate-limiter';
import { acceptsWebp } from '#server/storage/photo-files';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import type { PhotosService } from './photos.service';

const ticketParams = z.object({ id: z.uuid() });
const ticketQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().min(1).max(100),
});
const ONE_HOUR = 60 * 60 * 1000;
export const UPLOADS_PER_HOUR = 40;
const objectParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.(jpg|webp)$/) });
const placeholderParams = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.jpg$/) });
/** `w`: the width the page will show the photo at (srcset); the smallest stored copy that covers it is sent. */
const objectQuery = z.object({ w: z.coerce.number().int().min(1).max(10_000).optional() });

export function photosRoutes(
  app: AppInstance,
  deps: { photos: PhotosService; limits: RateLimits; uploadsPerHour?: number | undefined; auditLog: AuditLog },
) {
  const { photos, limits, auditLog } = deps;
  // Per user, so one account cannot keep the image queue busy (security review finding 3). Generous
  // for a person choosing profile photos; every ticket and every PUT counts, refused ones too.
  const ticketLimit = limits.limiter('upload-ticket', deps.uploadsPerHour ?? UPLOADS_PER_HOUR, ONE_HOUR);
  const putLimit = limits.limiter('upload-put', deps.uploadsPerHour ?? UPLOADS_PER_HOUR, ONE_HOUR);

  app.post('/api/objects/upload', { preValidation: signedIn, schema: { body: uploadTicketInput, response: { 200: uploadTicket } } }, async (request) => {
    const { userId } = memberOf(request);
    await ticketLimit.hit(userId);
    return { uploadURL: await photos.createTicket(userId, request.body?.size) };
  });

  // The raw file. Its own scope, so only this route reads non-JSON bodies, and only up to 10 MB.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    (scope as AppInstance).put(
      '/api/uploads/:id',
      {
        bodyLimit: MAX_UPLOAD_BYTES,
        schema: { params: ticketParams, querystring: ticketQuery, response: { 200: z.object({ ok: z.literal(true) }) } },
        // Checked before the body is read: a stranger cannot make us read 10 MB.
        onRequest: async (request) => {
          const params = ticketParams.safeParse(request.params);
          const query = ticketQuery.safeParse(request.query);
          if (!params.success || !query.success) throw badRequest('upload-link-invalid');
          if (request.session.data.userId) await putLimit.hit(request.session.data.userId);
          await photos.checkTicket(params.data.id, request.session.data.userId, query.data.expires, query.data.signature);
        },
        // After the ticket's check and the body: the ticket names its owner, the session must be theirs.
        preValidation: signedIn,
      },
      async (request, reply) => {
        const { userId } = memberOf(request);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('upload-empty');
        await photos.receive(request.params.id, userId, request.body);
        return reply.status(200).send({ ok: true as const });
      },
    );
  });

  app.put('/api/profile-photos', { preValidation: signedIn, schema: { body: registerPhotoInput, response: { 200: registeredPhoto } } }, async (request) => {
    const { userId } = memberOf(request);
    return { objectPath: await photos.register(userId, request.body.photoURL) };
  });

  // Anyone: a visitor sees an approved volunteer's photo; who else sees which photo is can.viewPhoto's (photos.service.ts).
  app.get('/objects/photos/:key', { preValidation: anyone, schema: { params: objectParams, querystring: objectQuery } }, async (request, reply) => {
    const { data, contentType, staffRead } = await photos.read(`photos/${request.params.key}`, actorOf(request), {
      width: request.query.w,
      acceptsWebp: acceptsWebp(request.headers.accept),
    });
    // Every photo a coordinator or the admin reads of someone else is in the audit log.
    if (staffRead) {
      await auditLog.record(auditActorOf(request), `${staffRead.as}.view-photo`, { type: 'user', id: staffRead.ownerId }, { key: request.params.key });
    }
    return reply
      .header('Content-Type', contentType)
      // WebP or JPEG by the browser's Accept: a shared cache must keep them apart.
      .header('Vary', 'Accept')
      // A minute at most: access ends with a block, a suspension or an ended introduction, and the
      // browser must not keep showing the photo for an hour after.
      .header('Cache-Control', 'private, max-age=60')
      .header('Content-Disposition', 'inline')
      .send(data);
  });

  // A private photo's blurred placeholder (domain/profile/photo-privacy.ts): for whoever may see the profile at all.
  app.get('/objects/placeholders/:key', { preValidation: anyone, schema: { params: placeholderParams } }, async (request, reply) => {
    const data = await photos.readPlaceholder(`photos/${request.params.key}`, actorOf(request));
    return reply
      .header('Content-Type', 'image/jpeg')
      // As the photos: access ends with a block or an ended introduction.
      .header('Cache-Control', 'private, max-age=60')
      .header('Content-Disposition', 'inline')
      .send(data);
  });
}
