import { z } from 'zod';
import { consultationHandledInput, consultationRequest, consultationsQuery } from '#domain/introductions/consultations';
import type { AppInstance } from '#server/app-types';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import { hasRole, memberOf } from '#server/http/guards';
import type { ConsultationsService } from './consultations.service';

/**
 * The coordinators' queue of members who asked for a marriage-readiness consultation. Coordinators only (the guard);
 * each read names members and is audited with who was shown; the private note never reaches a member's answer.
 */
export function consultationsRoutes(app: AppInstance, deps: { consultations: ConsultationsService; auditLog: AuditLog }) {
  const { consultations, auditLog } = deps;
  const coordinators = hasRole('coordinator');

  app.get(
    '/api/coordinator/consultations',
    { preValidation: coordinators, schema: { querystring: consultationsQuery, response: { 200: z.array(consultationRequest) } } },
    async (request, reply) => {
      const { items, total } = await consultations.list(memberOf(request), request.query);
      await auditLog.record(auditActorOf(request), 'coordinator.view-consultations', undefined, { status: request.query.status, members: items.map((item) => item.userId) });
      return reply.header('X-Total-Count', String(total)).send(items);
    },
  );

  app.post(
    '/api/coordinator/consultations/:userId/handled',
    { preValidation: coordinators, schema: { params: z.object({ userId: z.uuid() }), body: consultationHandledInput, response: { 200: consultationRequest } } },
    async (request) => {
      const done = await consultations.markHandled(memberOf(request), request.params.userId, request.body);
      await auditLog.record(auditActorOf(request), 'coordinator.consultation-handled', { type: 'user', id: request.params.userId });
      return done;
    },
  );
}
