import { z } from 'zod';
import {
  drawGestureInput,
  drawnGesture,
  GESTURE_DRAWS_PER_DAY,
  MAX_SELFIE_BYTES,
  myVerification,
  queuedSelfie,
  reverifyInput,
  reverifyResult,
  selfieDecided,
  selfieDecisionInput,
  selfieParams,
  SELFIES_PER_DAY,
  selfieSent,
  SELFIE_WINDOW_MS,
} from '#domain/verification/selfie';
import type { AppInstance } from '#server/app-types';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import { badRequest, unauthorized } from '#server/errors';
import { adminOnly, hasRole, memberOf, signedIn } from '#server/http/guards';
import type { RateLimits } from '#server/security/rate-limiter';
import type { SelfieService } from './selfie.service';

const coordinators = hasRole('coordinator');
const userParams = z.object({ userId: z.uuid() });

export interface VerificationDeps {
  selfies: SelfieService;
  /** Every coordinator's read of a selfie, each decision and the admin's "verify again" are in the audit log. */
  auditLog: AuditLog;
  limits: RateLimits;
  now: () => Date;
}

/**
 * The ladder of verification (issue 50 part 2): the member's rungs, her selfie step, the coordinators' review queue
 * and the admin's "verify again".
 */
export function verificationRoutes(app: AppInstance, deps: VerificationDeps) {
  const { selfies, auditLog, limits, now } = deps;
  const selfieLimit = limits.limiter('selfie-upload', SELFIES_PER_DAY, SELFIE_WINDOW_MS);
  const gestureLimit = limits.limiter('selfie-gesture', GESTURE_DRAWS_PER_DAY, SELFIE_WINDOW_MS);

  // ---- the member --------------------------------------------------------------------------------------
  app.get('/api/verification', { preValidation: signedIn, schema: { response: { 200: myVerification } } }, async (request) => {
    return selfies.mine(memberOf(request).userId, now());
  });

  app.post('/api/verification/selfie/gesture', { preValidation: signedIn, schema: { body: drawGestureInput, response: { 200: drawnGesture } } }, async (request) => {
    const { userId } = memberOf(request);
    await gestureLimit.hit(userId);
    return selfies.draw(userId, request.body?.handsFree ?? false, now());
  });

  // The photo itself, as a photo upload is sent (the raw bytes): its own scope, so only this route reads a body that
  // is not JSON, and only up to MAX_SELFIE_BYTES.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_SELFIE_BYTES }, (_request, body, done) => done(null, body));
    (scope as AppInstance).post(
      '/api/verification/selfie',
      {
        bodyLimit: MAX_SELFIE_BYTES,
        schema: { response: { 201: selfieSent } },
        // Before the body is read: a visitor cannot make us read 10 MB, and every upload counts against the day's
        // SELFIES_PER_DAY, refused ones too.
        onRequest: async (request) => {
          const userId = request.session.data.userId;
          if (!userId) throw unauthorized();
          await selfieLimit.hit(userId, { code: 'selfie-daily-limit' });
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        const { userId } = memberOf(request);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('upload-empty');
        return reply.status(201).send(await selfies.submit(userId, request.body, now()));
      },
    );
  });

  // ---- coordinators ------------------------------------------------------------------------------------
  app.get('/api/coordinator/selfies', { preValidation: coordinators, schema: { response: { 200: z.array(queuedSelfie) } } }, async (request) => {
    const queue = await selfies.queue(memberOf(request), now());
    // Which members' selfies the queue named (their profile photos are read, and audited, one by one).
    await auditLog.record(auditActorOf(request), 'coordinator.view-selfies', undefined, { selfies: queue.map((item) => item.id), members: queue.map((item) => item.userId) });
    return queue;
  });

  // The selfie's bytes: coordinators who may review the member only, every read audited, never cached.
  app.get('/objects/selfies/:id', { preValidation: coordinators, schema: { params: selfieParams } }, async (request, reply) => {
    const { data, userId } = await selfies.read(memberOf(request), request.params.id, now());
    await auditLog.record(auditActorOf(request), 'coordinator.view-selfie', { type: 'user', id: userId }, { selfieId: request.params.id });
    return reply
      .header('Content-Type', 'image/jpeg')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', 'inline')
      .send(data);
  });

  app.post(
    '/api/coordinator/selfies/:id/decision',
    { preValidation: coordinators, schema: { params: selfieParams, body: selfieDecisionInput, response: { 200: selfieDecided } } },
    async (request) => {
      const { userId, ...decided } = await selfies.decide(memberOf(request), request.params.id, request.body, now());
      await auditLog.record(auditActorOf(request), decided.status === 'approved' ? 'coordinator.approve-selfie' : 'coordinator.refuse-selfie', { type: 'user', id: userId }, {
        selfieId: decided.id,
        reason: request.body.approve ? null : (request.body.reason ?? null),
      });
      return decided;
    },
  );

  // ---- the admin ---------------------------------------------------------------------------------------
  app.post('/api/admin/users/:userId/reverify', { preValidation: adminOnly, schema: { params: userParams, body: reverifyInput, response: { 200: reverifyResult } } }, async (request) => {
    const rungs = request.body?.rungs ?? ['selfie'];
    const result = await selfies.reverify(request.params.userId, rungs, now());
    await auditLog.record(auditActorOf(request), 'user.reverify', { type: 'user', id: request.params.userId }, { rungs, cleared: result.cleared });
    return result;
  });
}
