import type { AppInstance } from '../app-types';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { SessionStore } from '../features/auth';
import { refuseNul } from '../security/no-nul';
import { createOriginCheck } from '../security/origin-check';

/**
 * Who is asking: the session store, loaded for the API and the photos only (the app's files and /healthz are the
 * same for everyone, so they cost no session query), then the origin check and the refusal of NUL characters.
 */
export async function registerSessions(app: AppInstance, config: Config, database: Database): Promise<SessionStore> {
  const sessions = new SessionStore({ db: database.db, secureCookies: config.secureCookies });
  await sessions.start(database);
  app.addHook('onClose', async () => sessions.close());
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
  return sessions;
}
