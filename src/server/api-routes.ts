import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from './app-deps';
import type { AppInstance } from './app-types';
import type { DatabaseFaults } from './db/database-faults';
import { migrationsFolder } from './db/client';
import { accountRoutes, unsubscribeRoutes } from './features/accounts';
import { adminRoutes, teamRoutes } from './features/admin';
import { authRoutes } from './features/auth';
import { consultationsRoutes } from './features/consultations';
import { guardiansRoutes } from './features/guardians';
import { introductionsRoutes, storiesRoutes } from './features/introductions';
import { matchesRoutes } from './features/matches';
import { messagesRoutes } from './features/messages';
import { staffNotificationRoutes } from './features/notifications';
import { photosRoutes } from './features/photos';
import { placesRoutes } from './features/places';
import { profilesRoutes } from './features/profiles';
import { pushRoutes } from './features/push';
import { referencesRoutes } from './features/references';
import { moderationRoutes, safetyRoutes } from './features/safety';
import { siteRoutes } from './features/site';
import { verificationRoutes } from './features/verification';
import { volunteersRoutes } from './features/volunteers';
import { opsRoutes } from './observability/ops.routes';
import { latestMigrationStamp } from './observability/readiness';
import { openApiRoute } from './openapi';
import type { Services } from './service-graph';

/** What the ops routes read of the app's state besides the services. */
export interface OpsState {
  isClosing: () => boolean;
  databaseFaults: DatabaseFaults;
}

/**
 * Every route of the API, each feature's in its own plugin scope with the services it uses, then the OpenAPI
 * description of them all and the operations routes (/healthz, /readyz, /metrics).
 */
export async function registerApiRoutes(app: AppInstance, deps: AppDeps, services: Services, ops: OpsState): Promise<void> {
  const { config, database } = deps;
  const { auth, sessions, backgroundJobs, limits, auditLog, matchIndex, now } = services;
  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  await app.register(async (scope) => authRoutes(scope, { auth, sessions, backgroundJobs, limits, signupsPerIpPerHour: config.signupsPerIpPerHour }));
  await app.register(async (scope) => profilesRoutes(scope, { profiles: services.profiles }));
  await app.register(async (scope) => placesRoutes(scope));
  await app.register(async (scope) => photosRoutes(scope, { photos: services.photos, limits, uploadsPerHour: deps.uploadsPerHour, auditLog }));
  await app.register(async (scope) => volunteersRoutes(scope, { volunteers: services.volunteers }));
  await app.register(async (scope) => adminRoutes(scope, { admin: services.admin, auditLog, sessions, limits }));
  await app.register(async (scope) => teamRoutes(scope, { team: services.team, auditLog, sessions: services.sessions }));
  const launchFacts = {
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    elderApprovals: config.introductions.elderApprovals,
    directMessages: config.directMessages,
    embeddedDataDir: database.kind === 'embedded' ? config.dataDir : undefined,
  };
  await app.register(async (scope) => siteRoutes(scope, { db: database.db, siteContent: services.siteContent, auditLog, launchFacts }));
  await app.register(async (scope) =>
    messagesRoutes(scope, {
      messages: services.messages,
      hub: services.hub,
      limits,
      onStreamOpen: (sid) => sessions.markStreaming(sid),
      onStreamClosed: (sid) => sessions.markStreamClosed(sid),
    }),
  );
  await app.register(async (scope) =>
    accountRoutes(scope, {
      account: services.account,
      sessions,
      limits,
      changesApplied: () => matchIndex.caughtUp(),
    }),
  );
  await app.register(async (scope) => unsubscribeRoutes(scope, { account: services.account }));
  await app.register(async (scope) => staffNotificationRoutes(scope, { db: database.db }));
  await app.register(async (scope) => pushRoutes(scope, { push: services.push, limits }));
  await app.register(async (scope) => matchesRoutes(scope, { matches: services.matches }));
  await app.register(async (scope) => safetyRoutes(scope, { blocks: services.blocks, reports: services.reports, hiddenWords: services.hiddenWords }));
  await app.register(async (scope) => moderationRoutes(scope, { moderation: services.moderation, auditLog }));
  const { introductions, coordinator, references, verification } = services;
  await app.register(async (scope) => introductionsRoutes(scope, { introductions, coordinator, auditLog, now, limits, references, verification }));
  await app.register(async (scope) => storiesRoutes(scope, { stories: services.stories, auditLog, limits, now }));
  await app.register(async (scope) => consultationsRoutes(scope, { consultations: services.consultations, auditLog }));
  await app.register(async (scope) => referencesRoutes(scope, { references, photos: services.photos, verification, auditLog, limits, now }));
  await app.register(async (scope) => guardiansRoutes(scope, { guardians: services.guardians, limits, now }));
  await app.register(async (scope) => verificationRoutes(scope, { selfies: services.selfies, auditLog, limits, now }));
  openApiRoute(app);
  const migrationStamp = latestMigrationStamp(migrationsFolder);
  await app.register(async (scope) =>
    opsRoutes(scope, {
      metrics: app.metrics,
      config,
      db: database.db,
      migrationStamp,
      isClosing: ops.isClosing,
      storageFull: () => ops.databaseFaults.storageFull(),
    }),
  );
}
