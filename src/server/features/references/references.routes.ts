import { z } from 'zod';
import {
  memberReference,
  referenceAnswerInput,
  referenceCreated,
  referenceRequestInput,
  referenceRequestView,
  referenceTokenParams,
  staffReference,
  verificationCreated,
  verificationInput,
} from '#domain/references/references';
import type { AppInstance } from '#server/app-types';
import { hasRole, memberOf, signedIn } from '#server/http/guards';
import type { RateLimits } from '#server/security/rate-limiter';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import { notFound } from '#server/errors';
import { acceptsWebp } from '#server/storage/photo-files';
import type { PhotosService } from '../photos';
import type { ReferencesService } from './references.service';
import type { VerificationService } from './verification.service';

const idParams = z.object({ id: z.uuid() });
const userIdParams = z.object({ userId: z.uuid() });
const ONE_HOUR = 60 * 60 * 1000;
const coordinators = hasRole('coordinator');
/** Referee page reads and answers per address an hour: plenty for a person, a brake on guessing links. */
export const REFEREE_CALLS_PER_HOUR = 60;

/** The width the referee's thumbnail is read at: the smallest stored copy (photo-files.ts). */
const REFEREE_THUMBNAIL_WIDTH = 160;

export interface ReferencesDeps {
  references: ReferencesService;
  photos: Pick<PhotosService, 'readCopy'>;
  verification: VerificationService;
  auditLog: AuditLog;
  limits: RateLimits;
  now: () => Date;
}

/** The member's references, the referee's link (no sign-in) and the coordinator's verification. */
export function referencesRoutes(app: AppInstance, deps: ReferencesDeps) {
  const { references, photos, verification, auditLog, limits, now } = deps;
  const refereeLimit = limits.limiter('referee-by-ip', REFEREE_CALLS_PER_HOUR, ONE_HOUR);

  // ---- the member --------------------------------------------------------------------------------------
  app.post('/api/references', { preValidation: signedIn, schema: { body: referenceRequestInput, response: { 201: referenceCreated } } }, async (request, reply) => {
    const made = await references.request(memberOf(request).userId, request.body, now());
    return reply.status(201).send(made);
  });

  app.get('/api/references', { preValidation: signedIn, schema: { response: { 200: z.array(memberReference) } } }, async (request) => {
    return references.forMember(memberOf(request).userId, now());
  });

  app.delete('/api/references/:id', { preValidation: signedIn, schema: { params: idParams } }, async (request, reply) => {
    await references.withdraw(memberOf(request).userId, request.params.id);
    return reply.status(204).send();
  });

  // ---- the referee, by the mailed link -----------------------------------------------------------------
  app.get('/api/reference-requests/:token', { schema: { params: referenceTokenParams, response: { 200: referenceRequestView } } }, async (request) => {
    await refereeLimit.hit(request.ip);
    return references.view(request.params.token, now());
  });

  // The member's first photo as a thumbnail, for the holder of a live link only (docs/privacy.md, "A referee sees one thumbnail").
  app.get('/api/reference-requests/:token/photo', { schema: { params: referenceTokenParams } }, async (request, reply) => {
    await refereeLimit.hit(request.ip);
    const key = await references.photoKey(request.params.token, now());
    const photo = await photos.readCopy(key, { width: REFEREE_THUMBNAIL_WIDTH, acceptsWebp: acceptsWebp(request.headers.accept) });
    if (!photo) throw notFound('photo-not-found');
    return reply
      .header('Content-Type', photo.contentType)
      .header('Vary', 'Accept')
      // Never kept: the thumbnail must be gone once the request is answered, declined or withdrawn.
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', 'inline')
      .send(photo.data);
  });

  app.post('/api/reference-requests/:token', { schema: { params: referenceTokenParams, body: referenceAnswerInput } }, async (request, reply) => {
    await refereeLimit.hit(request.ip);
    await references.answer(request.params.token, request.body, now());
    return reply.status(204).send();
  });

  app.post('/api/reference-requests/:token/decline', { schema: { params: referenceTokenParams } }, async (request, reply) => {
    await refereeLimit.hit(request.ip);
    await references.decline(request.params.token, now());
    return reply.status(204).send();
  });

  // ---- coordinators ------------------------------------------------------------------------------------
  app.get(
    '/api/coordinator/members/:userId/references',
    { preValidation: coordinators, schema: { params: userIdParams, response: { 200: z.array(staffReference) } } },
    async (request) => {
      const at = now();
      await verification.requireReach(memberOf(request), request.params.userId, at, 'read');
      const list = (await references.forStaff([request.params.userId], at)).get(request.params.userId) ?? [];
      // A coordinator has now read these answers: from here on they may count on the member's card.
      await references.markReadByCoordinator(request.params.userId, list.filter((r) => r.status === 'received').map((r) => r.id), at);
      // A staff read of confidential answers: on record, with which references were shown.
      await auditLog.record(auditActorOf(request), 'coordinator.view-references', { type: 'user', id: request.params.userId }, { references: list.map((r) => r.id) });
      return list;
    },
  );

  app.post(
    '/api/coordinator/members/:userId/verification',
    { preValidation: coordinators, schema: { params: userIdParams, body: verificationInput, response: { 201: verificationCreated } } },
    async (request, reply) => {
      const done = await verification.verify(memberOf(request), request.params.userId, request.body, now());
      await auditLog.record(auditActorOf(request), 'coordinator.verify', { type: 'user', id: request.params.userId }, { method: request.body.method });
      return reply.status(201).send(done);
    },
  );

  app.delete('/api/coordinator/members/:userId/verification', { preValidation: coordinators, schema: { params: userIdParams } }, async (request, reply) => {
    await verification.revoke(memberOf(request), request.params.userId);
    await auditLog.record(auditActorOf(request), 'coordinator.revoke-verification', { type: 'user', id: request.params.userId });
    return reply.status(204).send();
  });
}
