import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSiteInfo, type SiteInfo } from '../domain/site-info';
import type { AppInstance } from './app-types';
import type { Config } from './config';
import type { Database } from './db/client';
import { classifyDatabaseError, DatabaseFaults } from './db/database-faults';
import { errorHandler, notFound, redactForLog } from './errors';
import { responseSerializerCompiler } from './response-serializer';
import { pagesWithPreloads } from './web-preload';
import { CompressedHtml } from './compressed-html';
import { FirstVisitHtml, type FirstVisitQueries } from './first-visit-html';
import { SCRIPTS_AFTER_FIRST_PAINT_HASH } from './scripts-after-first-paint';
import { BackgroundQueue } from './jobs/background-queue';
import { MAIL_JOB, OutboxWorker } from './jobs/outbox';
import { mailMessage } from './mail/mailer';
import { AccountService } from './features/accounts/account.service';
import { ERASE_DELETED_JOB, eraseDeletedData } from './db/erase-deleted';
import { applyRetention, type RetentionCounts } from './features/accounts/retention';
import { accountRoutes, unsubscribeRoutes } from './features/accounts/account.routes';
import { DELETE_OBJECTS_JOB } from './features/accounts/deletion-steps';
import { mailVolunteerApproved, noteMessageSent, registerMailNotifications, scheduleStaffDigest } from './features/notifications';
import { staffNoticeRoutes } from './features/notifications/staff-notice.routes';
import { EndpointPolicy } from './features/push/endpoint-check';
import { PushSender } from './features/push/push-sender';
import { PushService } from './features/push/push.service';
import { pushRoutes } from './features/push/push.routes';
import { refuseNul } from './security/no-nul';
import { authRoutes } from './features/auth/auth.routes';
import { AuthService } from './features/auth/auth.service';
import { SessionStore } from './features/auth/sessions';
import { AuditLog } from './audit/audit-log';
import { AdminService } from './features/admin/admin.service';
import { adminRoutes } from './features/admin/admin.routes';
import { TeamService } from './features/admin/team.service';
import { teamRoutes } from './features/admin/team.routes';
import { SiteContentService } from './features/site/site-content.service';
import { siteRoutes } from './features/site/site.routes';
import { MatchIndex } from './features/matches/match-index';
import { MatchesService } from './features/matches/matches.service';
import { matchesRoutes } from './features/matches/matches.routes';
import { CoordinatorService } from './features/introductions/coordinator.service';
import { introductionsRoutes } from './features/introductions/introductions.routes';
import { IntroductionsService } from './features/introductions/introductions.service';
import { GuardiansService } from './features/guardians/guardians.service';
import { guardiansRoutes } from './features/guardians/guardians.routes';
import { registerGuardianNotices } from './features/guardians/guardian-notices';
import { MessagesService } from './features/messages/messages.service';
import { messagesRoutes } from './features/messages/messages.routes';
import { PhotosService } from './features/photos/photos.service';
import { photosRoutes } from './features/photos/photos.routes';
import { ProfilesService } from './features/profiles/profiles.service';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { BlocksService } from './features/safety/blocks.service';
import { ModerationService } from './features/safety/moderation.service';
import { moderationRoutes } from './features/safety/moderation.routes';
import { ReportsService } from './features/safety/reports.service';
import { safetyRoutes } from './features/safety/safety.routes';
import { ReferencesService } from './features/references/references.service';
import { referencesRoutes } from './features/references/references.routes';
import { VerificationService } from './features/references/verification.service';
import { VolunteersService } from './features/volunteers/volunteers.service';
import { volunteersRoutes } from './features/volunteers/volunteers.routes';
import { createLogMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { MailAlarm } from './mail/mail-alarm';
import { EventHub, HEARTBEAT_MS } from './realtime/event-hub';
import { databaseCatchUp } from './realtime/catch-up';
import { LocalDiskStore } from './storage/local-disk-store';
import type { ObjectStore } from './storage/object-store';
import { S3Store } from './storage/s3-store';
import { createOriginCheck } from './security/origin-check';
import { AppMetrics } from './observability/metrics';
import { logUrl } from './observability/log-url';
import { opsRoutes } from './observability/ops.routes';
import { latestMigrationStamp } from './observability/readiness';
import { migrationsFolder } from './db/client';
import { openApiRoute, registerOpenApi } from './openapi';
import { RateLimits } from './security/rate-limiter';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP when configured, else the log. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to files under DATA_DIR/objects. */
  objectStore?: ObjectStore;
  /** Told of every route as it is registered: the permission and hostile-input tests walk them all. */
  onRoute?: (route: RouteOptions) => void;
  /** Tests shorten these to see them act; production uses the defaults below. */
  timeouts?: Partial<Timeouts>;
  /** Upload tickets and PUTs per user per hour (default 40); the hostile-input test, which makes a ticket per case, raises it. */
  uploadsPerHour?: number;
  /** Stored photos on no profile a user may hold (default MAX_UNUSED_UPLOADS); tests that upload much lift it. */
  maxUnusedUploads?: number;
  /** The clock of introduction deadlines and check-ins; tests move it forward instead of sleeping. */
  now?: () => Date;
  /**
   * Whether this app's outbox worker takes jobs by itself (default true). API tests that open several apps on one
   * database turn it off and run jobs with `app.outbox.drain()`, so the mail goes through the mailer they chose.
   */
  outboxAutoRun?: boolean;
}

export interface Timeouts {
  /** The whole request (headers and body) must arrive within this; a trickled body is cut off. */
  requestMs: number;
  /** A socket silent this long is closed (the event stream's heartbeat keeps it busy). */
  idleMs: number;
  /** Event-stream heartbeat, which also re-checks each stream's session. */
  heartbeatMs: number;
}

/**
 * 60 s for a whole request: a 10 MB photo needs about 1.4 Mbit/s to make it, and a body trickled a byte at a
 * time no longer holds a socket for minutes. 30 s of silence ends a socket; the event stream writes a heartbeat
 * every 25 s, so it outlives both (a request timeout counts only until the request has arrived).
 */
export const DEFAULT_TIMEOUTS: Timeouts = { requestMs: 60_000, idleMs: 30_000, heartbeatMs: HEARTBEAT_MS };

declare module 'fastify' {
  interface FastifyInstance {
    /** Work done after the answer (password-reset mail); tests await `backgroundJobs.idle()`. */
    backgroundJobs: BackgroundQueue;
    /** Deletes uploads a day old that nothing shows (photos.service.ts); main.ts runs it with the hourly purge. */
    deleteUnusedUploads: () => Promise<number>;
    /** Expires introductions past their answer deadline (also decided on every read); main.ts runs it hourly. */
    expireIntroductions: () => Promise<number>;
    /** One pass of the retention rules (features/accounts/retention.ts) at `now` (default the app's clock); main.ts runs it hourly. */
    applyRetention: (now?: Date) => Promise<RetentionCounts>;
    /** What GET /metrics serves; job queues register here (`app.metrics.registerQueue`). */
    metrics: AppMetrics;
    /** The durable job worker (jobs/outbox.ts); tests `drain()` it, main.ts purges old jobs hourly. */
    outbox: OutboxWorker;
  }
}

/**
 * Browser features the app never uses, refused for every page and frame. Only features Chromium knows: an
 * unknown one (`bluetooth`, which it dropped) is logged as a console error on every page.
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=()';

/** JSON bodies larger than this are refused with 413 (photo uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  // Fastify's request fields, with the address as logUrl shows it (no token, no member id: #28.6, #37.6).
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: logUrl(request),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  redact: {
    paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
    censor: '[redacted]',
  },
});

/** Trusts the nearest `hops` proxies: with 1, the client is the right-most X-Forwarded-For entry. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app without listening, so tests can drive it through inject(). */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config, database } = deps;
  const objectStore: ObjectStore =
    deps.objectStore ?? (config.s3 ? new S3Store(config.s3) : new LocalDiskStore(path.join(config.dataDir, 'objects')));
  const timeouts = { ...DEFAULT_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Only the proxies named by TRUST_PROXY may set the client address: trusting X-Forwarded-For from anyone
    // let a caller pick the address every per-IP limit and the admin audit use.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node arms its request-timeout check only from the server's constructor options (setting requestTimeout on
    // the server afterwards, as Fastify does, is silently ignored on Node 20), and checks on an interval (30 s by
    // default): both go here, the interval short enough to honour a short timeout.
    http: {
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(timeouts.requestMs / 4))),
    },
    routerOptions: { maxParamLength: 200 },
    // Malformed escapes and over-long params in the path are refused before routing (no hooks run, so helmet
    // adds nothing): the same {message, errors} body, with the headers a JSON error needs.
    frameworkErrors: (error, request, reply) => {
      reply
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'same-origin')
        .header('Permissions-Policy', PERMISSIONS_POLICY)
        .header('Cache-Control', 'no-store');
      return errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  const metrics = new AppMetrics(database.queryTimer);
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  app.addHook('onResponse', async (request, reply) => {
    // An event stream's "answer" lasts as long as the stream: it would swamp the histogram (streams are a gauge).
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Disk full and database away answer 503 (errors.ts); here they are also counted and logged once per episode.
  const databaseFaults = new DatabaseFaults(app.log);
  metrics.tallyCounter('sanga_database_faults_total', 'Requests refused because the disk was full or the database unreachable', 'fault', () => databaseFaults.counts);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const fault = classifyDatabaseError(error);
    if (fault) databaseFaults.record(fault, error);
    return errorHandler(error, request, reply);
  });
  app.addHook('onResponse', async (request, reply) => {
    // An API answer below 500 went through the database: it is reachable; a 2xx write proves there is space again.
    if (reply.statusCode >= 500 || !request.url.startsWith('/api/')) return;
    databaseFaults.succeeded(request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300);
  });
  // JSON only: a cross-site HTML form cannot send it without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // API answers carry personal data (profiles, messages, the signed-in user): no cache may keep them.
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('Cache-Control', 'no-store');
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: a server-rendered page's starter of its scripts (scripts-after-first-paint.ts).
        scriptSrc: ["'self'", SCRIPTS_AFTER_FIRST_PAINT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Direct-to-bucket photo uploads PUT to the bucket's origin.
        connectSrc: ["'self'", ...(objectStore.uploadOrigin ? [objectStore.uploadOrigin] : [])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  // Brotli at its default (maximum) quality costs milliseconds per answer; quality 4 is nearly as small and cheap.
  await app.register(fastifyCompress, { threshold: 1024, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // Before any route: it describes every route registered after it.
  await registerOpenApi(app);

  const sessions = new SessionStore({ db: database.db, secureCookies: config.secureCookies });
  await sessions.start(database);
  app.addHook('onClose', async () => sessions.close());
  // Fastify's way to declare a reference-typed decoration: null at first, set by the hook below on every request.
  app.decorateRequest('session', null, []);
  app.addHook('onRequest', async (request, reply) => {
    // Only the API and the photos look at who is asking; the app's files and /healthz are the same for
    // everyone, so they cost no session query (browsers send the cookie with every asset).
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

  const mailAlarm = new MailAlarm(
    config.mailAlarmPerHour,
    app.log,
    metrics.counter('sanga_mail_alarms_total', 'Clock hours in which this process sent more mails than MAIL_ALARM_PER_HOUR'),
  );
  const mailer = mailAlarm.watch(
    deps.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom)
        : createLogMailer(app.log, { withContent: config.env !== 'production' })),
  );
  const publicUrl = () => config.publicUrl ?? `http://localhost:${config.port}`;
  const auth = new AuthService(database.db, sessions, publicUrl);
  const backgroundJobs = new BackgroundQueue(app.log);
  app.decorate('backgroundJobs', backgroundJobs);
  const outbox = new OutboxWorker(database.db, { log: app.log, lockMs: config.outboxLockMs });
  app.decorate('outbox', outbox);
  outbox.handle(MAIL_JOB, (payload) => mailer.send(mailMessage.parse(payload)));
  // Work queued after an answer (a reset request's insert) goes into the outbox before the database closes, but a
  // hanging database must not hold up shutdown; the worker stops after its current job (the rest wait in the table).
  app.addHook('onClose', async () => {
    await backgroundJobs.idle(10_000);
    await outbox.close();
  });
  // `hub` is made further down; asked only once requests arrive.
  const pushPolicy = new EndpointPolicy(config.pushEndpointAllow);
  const push = new PushService(database.db, pushPolicy, new PushSender(config.vapid, pushPolicy, app.log), config.vapid.publicKey);
  registerMailNotifications(outbox, {
    db: database.db,
    mailer,
    publicUrl,
    secret: config.sessionSecret,
    now: () => (deps.now ?? (() => new Date()))(),
    push,
    streamOpenHere: (userId) => hub.count(userId) > 0,
  });
  metrics.registerQueue('background', { depth: () => backgroundJobs.size, failures: () => backgroundJobs.failures });
  metrics.registerQueue('outbox', { depth: () => outbox.pending(), failures: () => outbox.failures });

  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  const photos = new PhotosService(database.db, objectStore, config.sessionSecret, deps.maxUnusedUploads);
  app.decorate('deleteUnusedUploads', () => photos.deleteUnused());
  const volunteers = new VolunteersService(database.db);
  const auditLog = new AuditLog(database.db);
  const admin = new AdminService(database.db, config.adminPassword, (tx, userId) => mailVolunteerApproved(tx, userId, publicUrl));
  const messages = new MessagesService(database.db, config.directMessages, (tx, message) => noteMessageSent(tx, message, (userId) => hub.count(userId) > 0));
  const now = deps.now ?? (() => new Date());
  const matchIndex = new MatchIndex(database.db);
  await matchIndex.start(database);
  app.addHook('onClose', async () => matchIndex.close());
  const matches = new MatchesService(database.db, matchIndex);
  const introductions = new IntroductionsService(database.db, config.introductions);
  const coordinator = new CoordinatorService(database.db, matchIndex, introductions, config.introductions);
  app.decorate('expireIntroductions', () => introductions.expireDue(now()));
  const profiles = new ProfilesService(database.db, (profileId) => matchIndex.refresh(profileId), config.requireVerifiedEmail);
  const account = new AccountService(database.db, auth, sessions, objectStore, publicUrl, config.sessionSecret, config.auditHashSecret);
  outbox.handle(DELETE_OBJECTS_JOB, (payload) => account.deleteObjects((payload.keys as string[] | undefined) ?? []));
  app.decorate('applyRetention', (at?: Date) =>
    applyRetention({ db: database.db, deleteAccount: (userId) => account.deleteAccountNow(userId), publicUrl }, at ?? now()),
  );
  outbox.handle(ERASE_DELETED_JOB, async () => {
    const tables = await eraseDeletedData(database.db, database.kind);
    app.log.info({ tables: tables.length }, 'rewrote the tables after a deletion');
  });
  const blocks = new BlocksService(database.db, (blockerId, blockedId) => matchIndex.refreshBlock(blockerId, blockedId));
  const reports = new ReportsService(
    database.db,
    (userId) => matchIndex.refreshUser(userId),
    (reporterId, reportedId) => matchIndex.refreshBlock(reporterId, reportedId),
    now,
  );
  const moderation = new ModerationService(database.db, sessions, photos, (userId) => matchIndex.refreshUser(userId), config.site.contactEmail);
  const hub = new EventHub({
    liveSids: (sids) => sessions.liveSids(sids),
    heartbeatMs: timeouts.heartbeatMs,
    onError: (error) => app.log.warn({ error: redactForLog(error) }, 'event stream session check failed'),
    // PostgreSQL only: a lost LISTEN connection (restart, failover, blip) is followed by a read of what was missed.
    catchUp: database.kind === 'postgres' ? databaseCatchUp(database.db) : undefined,
    onCatchUp: ({ channel, replayed, endedStreams, error }) => {
      if (endedStreams) app.log.error({ channel, replayed, error: error ? redactForLog(error) : undefined }, 'event catch-up failed: open event streams ended, clients reconnect and replay');
      else app.log.info({ channel, replayed }, 'event listener reconnected: missed events delivered');
    },
  });
  await hub.start(database);
  metrics.gauge('sanga_event_streams_open', 'Event streams (/api/events) open in this process', () => hub.size);
  metrics.gauge('sanga_match_index_profiles', 'Browsable profiles held by the in-memory match index', () => matchIndex.size);
  // Open event streams would hold the server open: end them first on shutdown.
  app.addHook('preClose', async () => hub.close());

  // Counted in the database, so every process behind a load balancer enforces the same limits.
  const limits = new RateLimits(database.db);
  await app.register(async (scope) => authRoutes(scope as AppInstance, { auth, sessions, backgroundJobs, limits, signupsPerIpPerHour: config.signupsPerIpPerHour }));
  await app.register(async (scope) => profilesRoutes(scope as AppInstance, { profiles }));
  await app.register(async (scope) => photosRoutes(scope as AppInstance, { photos, limits, uploadsPerHour: deps.uploadsPerHour, auditLog }));
  await app.register(async (scope) => volunteersRoutes(scope as AppInstance, { volunteers }));
  await app.register(async (scope) => adminRoutes(scope as AppInstance, { admin, auditLog, sessions, limits }));
  const team = new TeamService(database.db, publicUrl);
  await app.register(async (scope) => teamRoutes(scope as AppInstance, { team, auditLog }));
  // The landing names the elders only when their approval is on (ELDER_APPROVALS > 0, docs/product-choices.md).
  const siteContent = new SiteContentService(database.db, { ...config.site, eldersApprove: config.introductions.elderApprovals > 0 });
  const launchFacts = {
    smtpUrl: config.smtpUrl,
    publicUrl: config.publicUrl,
    elderApprovals: config.introductions.elderApprovals,
    embeddedDataDir: database.kind === 'pglite' ? config.dataDir : undefined,
  };
  await app.register(async (scope) => siteRoutes(scope as AppInstance, { db: database.db, siteContent, auditLog, launchFacts }));
  await app.register(async (scope) =>
    messagesRoutes(scope as AppInstance, { messages, hub, limits, onStreamOpen: (sid) => sessions.markStreaming(sid) }),
  );
  await app.register(async (scope) =>
    accountRoutes(scope as AppInstance, {
      account,
      sessions,
      limits,
      // This process's match index drops the profile at once; the others follow the NOTIFY sent at commit.
      afterDelete: async (profileId) => (profileId ? matchIndex.refresh(profileId) : undefined),
    }),
  );
  await app.register(async (scope) => unsubscribeRoutes(scope as AppInstance, { account }));
  await app.register(async (scope) => staffNoticeRoutes(scope as AppInstance, { db: database.db }));
  await app.register(async (scope) => pushRoutes(scope as AppInstance, { push, limits }));
  await app.register(async (scope) => matchesRoutes(scope as AppInstance, { matches }));
  await app.register(async (scope) => safetyRoutes(scope as AppInstance, { blocks, reports }));
  await app.register(async (scope) => moderationRoutes(scope as AppInstance, { moderation, auditLog }));
  const references = new ReferencesService(database.db, publicUrl);
  const verification = new VerificationService(database.db);
  await app.register(async (scope) => introductionsRoutes(scope as AppInstance, { introductions, coordinator, auditLog, now, limits, references, verification }));
  await app.register(async (scope) => referencesRoutes(scope as AppInstance, { references, verification, auditLog, limits, now }));
  const guardians = new GuardiansService(database.db, introductions, publicUrl);
  registerGuardianNotices(outbox, mailer, database.db, publicUrl, config.sessionSecret);
  await app.register(async (scope) => guardiansRoutes(scope as AppInstance, { guardians, limits, now }));
  openApiRoute(app);
  const migrationStamp = latestMigrationStamp(migrationsFolder);
  await app.register(async (scope) =>
    opsRoutes(scope as AppInstance, {
      metrics,
      config,
      db: database.db,
      migrationStamp,
      isClosing: () => closing,
      storageFull: () => databaseFaults.storageFull(),
    }),
  );

  // The staff's daily digest is an outbox job with a run time; each day's run writes the next (one a day, whoever starts).
  await scheduleStaffDigest(database.db, now());
  if (deps.outboxAutoRun !== false && config.outboxWorker) await outbox.start(database);

  // The Guidance list is rendered into a visitor's first page (its photos are the largest paint there).
  // The site's content (the admin's, else the environment's) is read at each page request: a save shows at the next visit.
  await registerWebApp(app, config.webDistDir, () => siteContent.current(), async (pathname) =>
    pathname === '/guidance' ? { '/api/volunteers': await volunteers.listPublic() } : undefined,
  );
  return app;
}

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
];

/** Serves the built SPA: hashed assets cached for good, index.html for every other non-API path. */
async function registerWebApp(
  app: AppInstance,
  distDir: string,
  siteInfo: () => Promise<SiteInfo>,
  queriesFor: (pathname: string) => Promise<FirstVisitQueries | undefined>,
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  // Read once; each page sent carries this deployment's site information (footer, testimonials...) from first paint.
  const indexHtml = hasWebApp ? readFileSync(indexFile, 'utf8') : '';
  const firstVisitPages = hasWebApp ? pagesWithPreloads(distDir, indexHtml) : new Map<string, string>();
  const firstVisitHtml = new FirstVisitHtml({ webDistDir: distDir, pages: firstVisitPages, siteInfo, log: app.log, queriesFor });
  // Rendered before the first visitor asks (a few hundred ms of work in the background once started).
  if (firstVisitPages.size > 0) app.addHook('onReady', async () => void firstVisitHtml.warmUp());
  if (hasWebApp) {
    // A script, stylesheet or icon of the build is never a document, so the policies that only a document obeys
    // (the CSP, framing, the Permissions-Policy…) would only add a kilobyte of headers to each of the ~25 files of a
    // first visit (HTTP/1.1 repeats them uncompressed). nosniff and the resource policy stay.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    });
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts): sent as they are, with
      // Vary: Accept-Encoding, at maximum compression and no per-request cost; @fastify/compress leaves them be.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Each page compressed once (there are a few dozen: paths × languages, and the Guidance page per list).
  const compressedPages = new Map<string, Promise<CompressedHtml>>();
  const compressedPage = (html: string) => {
    let page = compressedPages.get(html);
    if (!page) {
      page = CompressedHtml.of(html);
      compressedPages.set(html, page);
      if (compressedPages.size > 100) compressedPages.delete(compressedPages.keys().next().value!);
    }
    return page;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/objects/');
    // A sign-in form sent natively, before the app took over a server-rendered page (its forms say method="post"):
    // back to the page, the fields dropped unread, to be sent again by the app.
    if (!isApi && request.method === 'POST' && firstVisitPages.has(request.url.split('?')[0]!)) return reply.redirect(request.url, 303);
    if (isApi || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound('route-not-found', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    }
    reply.header('Cache-Control', 'no-cache');
    // A first-visit page is rendered for a visitor in their language (first-visit-html.ts): it varies by cookie.
    reply.header('Vary', 'Cookie');
    const site = await siteInfo();
    const html = withSiteInfo((await firstVisitHtml.page(request.url, request.headers.cookie, site)) ?? indexHtml, site);
    return (await compressedPage(html)).send(request, reply);
  });
}
