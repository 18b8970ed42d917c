import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '#server/app-types';
import type { Config } from '#server/config';
import { refuseNul } from '#server/security/no-nul';
import { createOriginCheck } from '#server/security/origin-check';
import type { RequestSession } from './guards';

/** What the hook needs of the session store (features/auth/session-store.ts), which app.ts makes and hands in. */
export interface SessionLoader {
  load(request: FastifyRequest): Promise<RequestSession>;
  clearStaleHint(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * Who is asking: the session, loaded for the API and the photos only (the app's files and /healthz are the
 * same for everyone, so they cost no session query), then the origin check and the refusal of NUL characters.
 */
export function registerSessions(app: AppInstance, config: Config, sessions: SessionLoader): void {
  // Fastify's way to declare a reference-typed decoration: null at first, set by the hook below on every request.
  app.decorateRequest('session', null, []);
  // Who is asking, set by each route's guard (http/guards.ts: preValidation signedIn, adminOnly, hasRole…).
  app.decorateRequest('actor', null, []);
  app.addHook('onRequest', async (request, reply) => {
    // Browsers send the cookie with every asset: only the API and the photos look at it.
    const needsSession = request.url.startsWith('/api/') || request.url.startsWith('/objects/');
    if (!needsSession) {
      request.session = { sid: null, data: {} };
      return;
    }
    request.session = await sessions.load(request);
    sessions.clearStaleHint(request, reply);
  });
  app.addHook('onRequest', createOriginCheck(config.publicUrl));
  app.addHook('preValidation', refuseNul);
}
