import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import { actorOf } from '../auth/sessions';
import type { AuditActor } from './admin.service';

/** The admin's rights come only from the server session's flag, never from the browser. */
export function requireAdmin(request: FastifyRequest): void {
  if (!actorOf(request).isAdmin) throw unauthorized('admin-required');
}

/**
 * The audit's actor, read when the row is written (after a sign-in's rotation: the new session), with the
 * member behind it when a coordinator or elder acts.
 */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { sessionId: request.session.sid, ip: request.ip, userId: request.session.data.userId };
}
