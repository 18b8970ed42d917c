import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import { actorOf } from '../auth/sessions';

/** The admin's rights come only from the server session's flag, never from the browser. */
export function requireAdmin(request: FastifyRequest): void {
  if (!actorOf(request).isAdmin) throw unauthorized('admin-required');
}
