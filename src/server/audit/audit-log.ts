import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client';
import { adminAudit } from '#server/db/schema';

/*
 * The audit log (admin_audit): every admin action and every staff read of someone else (coordinators, elders)
 * is one row. It sits below the features, which all write to it (admin, team, site, safety's moderation,
 * introductions, photos): none of them stands on another to be audited.
 */

/** Who an audit row is about: the session (stored only as a short hash) and the address. Routes build it. */
export interface AuditActor {
  /** The member who acted, when a coordinator or an elder did; absent for the admin session. */
  userId?: string | undefined;
  sessionId: string | null | undefined;
  ip: string;
}

/**
 * The audit's actor, read when the row is written (after a sign-in's rotation: the new session), with the
 * member behind it when a coordinator or elder acts.
 */
export function auditActorOf(request: FastifyRequest): AuditActor {
  return { sessionId: request.session.sid, ip: request.ip, userId: request.session.data.userId };
}

const sessionHash = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex').slice(0, 16);

export class AuditLog {
  constructor(private readonly db: Db) {}

  /** One row: what was done (`action`, e.g. 'user.suspend'), to what, and the few details worth keeping. */
  async record(actor: AuditActor, action: string, target?: { type: string; id: string }, details?: Record<string, unknown>): Promise<void> {
    await this.db.insert(adminAudit).values({
      action,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      details: details ?? null,
      sessionHash: actor.sessionId ? sessionHash(actor.sessionId) : null,
      actorUserId: actor.userId ?? null,
      ip: actor.ip,
    });
  }
}
