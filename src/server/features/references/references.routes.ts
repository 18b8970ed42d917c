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
} from '../../../domain/references';
import type { AppInstance } from '../../app-types';
import type { RateLimits } from '../../security/rate-limiter';
import { auditActorOf, type AuditLog } from '../../audit/audit-log';
import { requireUserId } from '../auth/sessions';
import type { ReferencesService } from './references.service';
import type { VerificationService } from './verification.service';

const idParams = z.object({ id: z.uuid() });
const userIdParams = z.object({ userId: z.uuid() });
const ONE_HOUR = 60 * 60 * 1000;
/** Referee page reads and answers per address an hour: plenty for a person, a brake on guessing links. */
export const REFEREE_CALLS_PER_HOUR = 60;

export interface ReferencesDeps {
  references: ReferencesService;
  verification: VerificationService;
  auditLog: AuditLog;
  limits: RateLimits;
  now: () => Date;
}

/** Issue 33: the member's references, the referee's link (no sign-in) and the coordinator's verification. */
export function referencesRoutes(app: AppInstance, deps: ReferencesDeps) {
  const { references, verification, auditLog, limits, now } = deps;
  const refereeLimit = limits.limiter('referee-by-ip', REFEREE_CALLS_PER_HOUR, ONE_HOUR);

  // ---- the member --------------------------------------------------------------------------------------
  app.post('/api/references', { schema: { body: referenceRequestInput, response: { 201: referenceCreated } } }, async (request, reply) => {
    const made = await references.request(requireUserId(request), request.body, now());
    return reply.status(201).send(made);
  });

  app.get('/api/references', { schema: { response: { 200: z.array(memberReference) } } }, async (request) => {
    return references.forMember(requireUserId(request), now());
  });

  app.delete('/api/references/:id', { schema: { params: idParams } }, async (request, reply) => {
    await references.withdraw(requireUserId(request), request.params.id);
    return reply.status(204).send();
  });

  // ---- the referee, by the mailed link -----------------------------------------------------------------
  app.get('/api/reference-requests/:token', { schema: { params: referenceTokenParams, response: { 200: referenceRequestView } } }, async (request) => {
    await refereeLimit.hit(request.ip);
    return references.view(request.params.token, now());
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
    { schema: { params: userIdParams, response: { 200: z.array(staffReference) } } },
    async (request) => {
      const at = now();
      await verification.requireReach(requireUserId(request), request.params.userId, at, 'read');
      const list = (await references.forStaff([request.params.userId], at)).get(request.params.userId) ?? [];
      // A staff read of confidential answers: on record, with which references were shown.
      await auditLog.record(auditActorOf(request), 'coordinator.view-references', { type: 'user', id: request.params.userId }, { references: list.map((r) => r.id) });
      return list;
    },
  );

  app.post(
    '/api/coordinator/members/:userId/verification',
    { schema: { params: userIdParams, body: verificationInput, response: { 201: verificationCreated } } },
    async (request, reply) => {
      const done = await verification.verify(requireUserId(request), request.params.userId, request.body, now());
      await auditLog.record(auditActorOf(request), 'coordinator.verify', { type: 'user', id: request.params.userId }, { method: request.body.method });
      return reply.status(201).send(done);
    },
  );

  app.delete('/api/coordinator/members/:userId/verification', { schema: { params: userIdParams } }, async (request, reply) => {
    await verification.revoke(requireUserId(request), request.params.userId);
    await auditLog.record(auditActorOf(request), 'coordinator.revoke-verification', { type: 'user', id: request.params.userId });
    return reply.status(204).send();
  });
}
