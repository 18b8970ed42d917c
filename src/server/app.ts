import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { AppInstance } from './app-types';
import type { Config } from './config';
import type { Database } from './db/client';
import { errorHandler, notFound } from './errors';
import { refuseNul } from './security/no-nul';
import { authRoutes } from './features/auth/auth.routes';
import { AuthService } from './features/auth/auth.service';
import { SessionStore, type RequestSession } from './features/auth/sessions';
import { AdminService } from './features/admin/admin.service';
import { adminRoutes } from './features/admin/admin.routes';
import { MatchIndex } from './features/matches/match-index';
import { MatchesService } from './features/matches/matches.service';
import { matchesRoutes } from './features/matches/matches.routes';
import { MessagesService } from './features/messages/messages.service';
import { messagesRoutes } from './features/messages/messages.routes';
import { PhotosService } from './features/photos/photos.service';
import { photosRoutes } from './features/photos/photos.routes';
import { ProfilesService } from './features/profiles/profiles.service';
import { profilesRoutes } from './features/profiles/profiles.routes';
import { VolunteersService } from './features/volunteers/volunteers.service';
import { volunteersRoutes } from './features/volunteers/volunteers.routes';
import { createLogMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import { EventHub } from './realtime/event-hub';
import { LocalDiskStore } from './storage/local-disk-store';
import type { ObjectStore } from './storage/object-store';
import { S3Store } from './storage/s3-store';
import { createOriginCheck } from './security/origin-check';

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
  /** Upload tickets and PUTs per user per hour (default 40); the hostile-input test, which makes a ticket per case, raises it. */
  uploadsPerHour?: number;
}

/** JSON bodies larger than this are refused with 413 (photo uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: {
    paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
    censor: '[redacted]',
  },
});

/** Builds the whole app without listening, so tests can drive it through inject(). */
export async function buildApp(deps: AppDeps): Promise<AppInstance> {
  const { config, database } = deps;
  const objectStore: ObjectStore =
    deps.objectStore ?? (config.s3 ? new S3Store(config.s3) : new LocalDiskStore(path.join(config.dataDir, 'objects')));
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    trustProxy: Boolean(config.publicUrl),
    routerOptions: { maxParamLength: 200 },
    // Malformed escapes and over-long params in the path are refused before routing (no hooks run, so helmet
    // adds nothing): the same {message, errors} body, with the headers a JSON error needs.
    frameworkErrors: (error, request, reply) => {
      reply
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'same-origin');
      return errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // JSON only: a cross-site HTML form cannot send it without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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

  const sessions = new SessionStore({ db: database.db, secureCookies: config.secureCookies });
  app.decorateRequest('session', null as unknown as RequestSession);
  app.addHook('onRequest', async (request) => {
    // Only the API and the photos look at who is asking; the app's files and /healthz are the same for
    // everyone, so they cost no session query (browsers send the cookie with every asset).
    const needsSession = request.url.startsWith('/api/') || request.url.startsWith('/objects/');
    request.session = needsSession ? await sessions.load(request) : { sid: null, data: {} };
  });
  app.addHook('onRequest', createOriginCheck(config.publicUrl));
  app.addHook('preValidation', refuseNul);

  const mailer =
    deps.mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(app.log));
  const publicUrl = () => config.publicUrl ?? `http://localhost:${config.port}`;
  const auth = new AuthService(database.db, sessions, mailer, publicUrl);

  app.get('/healthz', async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  const photos = new PhotosService(database.db, objectStore, config.sessionSecret);
  const volunteers = new VolunteersService(database.db);
  const admin = new AdminService(database.db, config.adminPassword);
  const messages = new MessagesService(database.db);
  const matchIndex = new MatchIndex(database.db);
  await matchIndex.start(database);
  app.addHook('onClose', async () => matchIndex.close());
  const matches = new MatchesService(database.db, matchIndex);
  const profiles = new ProfilesService(database.db, (profileId) => matchIndex.refresh(profileId));
  const hub = new EventHub();
  await hub.start(database);
  // Open event streams would hold the server open: end them first on shutdown.
  app.addHook('preClose', async () => hub.close());

  await app.register(async (scope) => authRoutes(scope as AppInstance, { auth, sessions }));
  await app.register(async (scope) => profilesRoutes(scope as AppInstance, { profiles }));
  await app.register(async (scope) => photosRoutes(scope as AppInstance, { photos, uploadsPerHour: deps.uploadsPerHour }));
  await app.register(async (scope) => volunteersRoutes(scope as AppInstance, { volunteers }));
  await app.register(async (scope) => adminRoutes(scope as AppInstance, { admin, sessions }));
  await app.register(async (scope) => messagesRoutes(scope as AppInstance, { messages, hub }));
  await app.register(async (scope) => matchesRoutes(scope as AppInstance, { matches }));

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built SPA: hashed assets cached for good, index.html for every other non-API path. */
async function registerWebApp(app: AppInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/objects/');
    if (isApi || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
