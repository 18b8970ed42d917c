import path from 'node:path';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_TIMEOUTS, type AppDeps } from './app-deps';
import type { AppInstance } from './app-types';
import { registerApiRoutes } from './api-routes';
import { SessionStore } from './features/auth';
import { scheduleStaffDigest } from './features/notifications';
import { registerHttpPlugins } from './http/plugins';
import { serverOptions } from './http/server-options';
import { registerSessions } from './http/sessions';
import { AppMetrics } from './observability/metrics';
import { buildServices } from './service-graph';
import { LocalDiskStore } from './storage/local-disk-store';
import type { ObjectStore } from './storage/object-store';
import { S3Store } from './storage/s3-store';
import { registerWebApp } from './web-app';

export { type AppDeps } from './app-deps';
export { loggerOptions } from './http/server-options';

/**
 * Builds the whole app without listening, so tests can drive it through inject(). In four layers, each in its file:
 * the HTTP plugins (http/: server options, metrics, validation, errors, security headers, compression, cookies,
 * OpenAPI, then sessions), the service graph (service-graph.ts: services, their wiring, the outbox's job kinds), the
 * API routes (api-routes.ts), and the web app's room (web-app.ts: static files and the first-visit HTML).
 */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config, database } = deps;
  const objectStore: ObjectStore =
    deps.objectStore ?? (config.s3 ? new S3Store(config.s3) : new LocalDiskStore(path.join(config.dataDir, 'objects')));
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const app = Fastify(serverOptions(config, deps.logger, timeouts)).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const metrics = new AppMetrics(database.queryTimer);
  const databaseFaults = await registerHttpPlugins(app, config, metrics, objectStore);
  // Sessions are a feature (features/auth); the HTTP layer's hook is handed the store, so http/ imports no feature.
  const sessions = new SessionStore({ db: database.db, secureCookies: config.secureCookies });
  await sessions.start(database);
  app.addHook('onClose', async () => sessions.close());
  registerSessions(app, config, sessions);

  const services = await buildServices(app, { deps, sessions, metrics, objectStore, timeouts });
  await registerApiRoutes(app, deps, services, { isClosing: () => closing, databaseFaults });

  // The staff's daily digest is an outbox job with a run time; each day's run writes the next (one a day, whoever starts).
  await scheduleStaffDigest(database.db, services.now());
  if (deps.outboxAutoRun !== false && config.outboxWorker) await services.outbox.start(database);

  // The Guidance list is rendered into a visitor's first page (its photos are the largest paint there).
  // The site's content (the admin's, else the environment's) is read at each page request: a save shows at the next visit.
  // Whether any mentor is listed goes with it: the landing's "Meet the Mentors" leads to Guidance only then.
  const pageSiteInfo = async () => {
    const [site, mentorsListed, stories] = await Promise.all([services.siteContent.current(), services.volunteers.anyListed(), services.stories.published()]);
    // The published stories (issue 51 part 5) take the testimonials' place on the landing page.
    return { ...site, mentorsListed, ...(stories.length > 0 ? { stories: stories.map(({ id, parts, status, photo }) => ({ id, parts, status, photo })) } : {}) };
  };
  await registerWebApp(
    app,
    config.webDistDir,
    pageSiteInfo,
    async (pathname) => (pathname === '/guidance' ? { '/api/volunteers': await services.volunteers.listPublic() } : undefined),
    () => services.messages.latestEventId(),
  );
  return app;
}
