import type { AppDeps, Timeouts } from './app-deps';
import type { AppInstance } from './app-types';
import { AuditLog } from './audit/audit-log';
import { eraseDeletedData } from './db/erase-deleted';
import { AccountService, applyRetention, auditHashSecret, type RetentionCounts } from './features/accounts';
import { deleteObjectsJob } from './jobs/delete-objects-job';
import { AdminService, TeamService } from './features/admin';
import { AuthService, type SessionStore } from './features/auth';
import { ConsultationsService } from './features/consultations';
import { GuardiansService } from './features/guardians';
import { CoordinatorService, INTRODUCTION_EXPIRY_JOB, IntroductionsService, StoriesService } from './features/introductions';
import { MatchesService, MatchIndex } from './features/matches';
import { MessagesService } from './features/messages';
import { mailStaffRoleGranted, mailVolunteerApproved, noteMessageSent, registerMailNotifications } from './features/notifications';
import { PhotosService } from './features/photos';
import { ProfilesService } from './features/profiles';
import { EndpointPolicy, PushSender, PushService } from './features/push';
import { ReferencesService, VerificationService } from './features/references';
import { BlocksService, HiddenWordsService, ModerationService, ReportsService } from './features/safety';
import { SiteContentService } from './features/site';
import { SelfieService, selfieExpiryJob } from './features/verification';
import { VolunteersService } from './features/volunteers';
import { BackgroundQueue } from './jobs/background-queue';
import { eraseDeletedJob } from './jobs/erase-deleted-job';
import { mailJob, OutboxWorker } from './jobs/outbox';
import { MailAlarm } from './mail/mail-alarm';
import { createLogMailer, createSmtpMailer, type Mailer } from './mail/mailer';
import type { AppMetrics } from './observability/metrics';
import { databaseCatchUp } from './realtime/catch-up';
import { EventHub } from './realtime/event-hub';
import { redactForLog } from './errors';
import { RateLimits } from './security/rate-limiter';
import { RecipientMailCap } from './mail/recipient-cap';
import type { ObjectStore } from './storage/object-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work done after the answer (password-reset mail); tests await `backgroundJobs.idle()`. */
    backgroundJobs: BackgroundQueue;
    /** Deletes uploads a day old that nothing shows (photos.service.ts); main.ts runs it with the hourly purge. */
    deleteUnusedUploads: () => Promise<number>;
    /** One pass of the retention rules (features/accounts/retention.ts) at `now` (default the app's clock); main.ts runs it hourly. */
    applyRetention: (now?: Date) => Promise<RetentionCounts>;
    /** What GET /metrics serves; job queues register here (`app.metrics.registerQueue`). */
    metrics: AppMetrics;
    /** The durable job worker (jobs/outbox.ts); tests `drain()` it, main.ts purges old jobs hourly. */
    outbox: OutboxWorker;
  }
}

/** What the service graph needs beyond AppDeps: the pieces the HTTP layer made first. */
export interface GraphInputs {
  deps: AppDeps;
  sessions: SessionStore;
  metrics: AppMetrics;
  objectStore: ObjectStore;
  timeouts: Timeouts;
}

export type Services = Awaited<ReturnType<typeof buildServices>>;

/** The mailer: the given one, else SMTP when configured, else the log; watched by the hourly volume alarm. */
function createMailer(app: AppInstance, { deps, metrics }: GraphInputs): Mailer {
  const { config } = deps;
  const mailAlarm = new MailAlarm(
    config.mailAlarmPerHour,
    app.log,
    metrics.counter('sanga_mail_alarms_total', 'Clock hours in which this process sent more mails than MAIL_ALARM_PER_HOUR'),
  );
  return mailAlarm.watch(
    deps.mailer ??
      (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(app.log, { withContent: config.env !== 'production' })),
  );
}

/** The event hub: open event streams of this process, fed by the database's notifications. */
async function startEventHub(app: AppInstance, { deps, sessions, metrics, timeouts }: GraphInputs): Promise<EventHub> {
  const { database } = deps;
  const hub = new EventHub({
    liveSids: (sids) => sessions.liveSids(sids),
    heartbeatMs: timeouts.heartbeatMs,
    onError: (error) => app.log.warn({ error: redactForLog(error) }, 'event stream session check failed'),
    // A lost LISTEN connection (restart, failover, blip) is followed by a read of what was missed.
    catchUp: databaseCatchUp(database.db),
    onCatchUp: ({ channel, replayed, endedStreams, error }) => {
      if (endedStreams) app.log.error({ channel, replayed, error: error ? redactForLog(error) : undefined }, 'event catch-up failed: open event streams ended, clients reconnect and replay');
      else app.log.info({ channel, replayed }, 'event listener reconnected: missed events delivered');
    },
  });
  await hub.start(database);
  metrics.gauge('sanga_event_streams_open', 'Event streams (/api/events) open in this process', () => hub.size);
  // Open event streams would hold the server open: end them first on shutdown.
  app.addHook('preClose', async () => hub.close());
  return hub;
}

/**
 * The service graph: every service built once, wired to the others by callbacks (a write waits for the match
 * index to apply what it announced, a message sent notes a notification…), the outbox's job kinds registered with their handlers, and
 * what main.ts and the tests reach through the app (`outbox`, `backgroundJobs`, the hourly passes). Routes get
 * what this answers (api-routes.ts).
 */
export async function buildServices(app: AppInstance, inputs: GraphInputs) {
  const { deps, sessions, metrics, objectStore } = inputs;
  const { config, database } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const publicUrl = () => config.publicUrl ?? `http://localhost:${config.port}`;

  const mailer = createMailer(app, inputs);
  // Counted in the database, so every process behind a load balancer enforces the same limits.
  const limits = new RateLimits(db);
  // The one per-recipient cap on mail to addresses that are not a member's own verified one.
  const mailCap = new RecipientMailCap(limits, config.mailsPerRecipientPerDay);
  // The installation's secret keys the audit log's hashes and the sign-up holds alike (accounts/audit-hash.ts).
  const auth = new AuthService(db, sessions, publicUrl, () => auditHashSecret(db, config.auditHashSecret), mailCap);
  const backgroundJobs = new BackgroundQueue(app.log);
  app.decorate('backgroundJobs', backgroundJobs);
  const outbox = new OutboxWorker(db, { log: app.log, lockMs: config.outboxLockMs });
  app.decorate('outbox', outbox);
  outbox.handleJob(mailJob, (mail) => mailer.send(mail));
  // Work queued after an answer (a reset request's insert) goes into the outbox before the database closes, but a
  // hanging database must not hold up shutdown; the worker stops after its current job (the rest wait in the table).
  app.addHook('onClose', async () => {
    await backgroundJobs.idle(10_000);
    await outbox.close();
  });
  // Open event streams of this process: the mail notifications and the messages ask it whether a member reads live.
  const hub = await startEventHub(app, inputs);
  const pushPolicy = new EndpointPolicy(config.pushEndpointAllow);
  const push = new PushService(db, pushPolicy, new PushSender(config.vapid, pushPolicy, app.log), config.vapid.publicKey);
  registerMailNotifications(outbox, {
    db,
    mailer,
    publicUrl,
    secret: config.sessionSecret,
    now: () => now(),
    push,
    streamOpenHere: (userId) => hub.count(userId) > 0,
  });
  metrics.registerQueue('background', { depth: () => backgroundJobs.size, failures: () => backgroundJobs.failures });
  metrics.registerQueue('outbox', { depth: () => outbox.pending(), failures: () => outbox.failures });

  const photos = new PhotosService(db, objectStore, config.sessionSecret, deps.maxUnusedUploads);
  app.decorate('deleteUnusedUploads', () => photos.deleteUnused());
  const volunteers = new VolunteersService(db);
  const auditLog = new AuditLog(db);
  const admin = new AdminService(
    db,
    config.adminPassword,
    (tx, userId) => mailVolunteerApproved(tx, userId, publicUrl),
    (tx, userId, role) => mailStaffRoleGranted(tx, userId, role, publicUrl, config.site.contactEmail, config.introductions.elderApprovals > 0),
  );
  const messages = new MessagesService(db, config.directMessages, (tx, message) => noteMessageSent(tx, message, (userId) => hub.count(userId) > 0));
  // The checks before a message is delivered (issue 50), counted without a word of what was written.
  metrics.readCounter('sanga_message_unkind_prompts_total', '"Are you sure?" prompts shown (409 message-unkind) by this process', () => messages.unkindPrompts.prompts);
  metrics.tallyCounter(
    'sanga_message_unkind_prompt_outcomes_total',
    'How prompts ended: sent-anyway, or rephrased (a message that passed to the same person within 10 minutes); counted by the process that saw both',
    'outcome',
    () => messages.unkindPrompts.outcomes,
  );
  metrics.tallyCounter('sanga_message_holds_total', 'Messages held back before an introduction (contact details or money), by kind', 'kind', () => messages.held);
  const matchIndex = new MatchIndex(db);
  await matchIndex.start(database);
  app.addHook('onClose', async () => matchIndex.close());
  // A write that changes what browsing shows answers once this process's index has it (events/changes.ts).
  const changesApplied = () => matchIndex.caughtUp();
  const matches = new MatchesService(db, matchIndex);
  const introductions = new IntroductionsService(db, config.introductions);
  const coordinator = new CoordinatorService(db, matchIndex, introductions, config.introductions);
  // An answer's deadline is a job run at that time (introduction-deadlines.ts); `now` decides, so tests move it.
  outbox.handleJob(INTRODUCTION_EXPIRY_JOB, async ({ introductionId, respondBy }) => {
    await introductions.expireOverdue(introductionId, new Date(respondBy), now());
  });
  const profiles = new ProfilesService(db, changesApplied, config.requireVerifiedEmail);
  const account = new AccountService(db, auth, sessions, objectStore, publicUrl, config.sessionSecret, mailCap, config.auditHashSecret);
  outbox.handleJob(deleteObjectsJob, ({ keys }) => account.deleteObjects(keys));
  app.decorate('applyRetention', (at?: Date) => applyRetention({ db, deleteAccount: (userId) => account.deleteAccountNow(userId, 'inactive'), publicUrl }, at ?? now()));
  outbox.handleJob(eraseDeletedJob, async () => {
    const tables = await eraseDeletedData(db, database.kind);
    app.log.info({ tables: tables.length }, 'rewrote the tables after a deletion');
  });
  const blocks = new BlocksService(db, changesApplied);
  const hiddenWords = new HiddenWordsService(db);
  const reports = new ReportsService(db, changesApplied, now);
  const moderation = new ModerationService(db, sessions, photos, changesApplied, config.site.contactEmail, publicUrl);
  metrics.gauge('sanga_match_index_profiles', 'Browsable profiles held by the in-memory match index', () => matchIndex.size);

  // The landing, the elders' invitation and page name the elders' review only when it is on (ELDER_APPROVALS > 0,
  // docs/product-choices.md).
  const eldersReview = config.introductions.elderApprovals > 0;
  const team = new TeamService(db, publicUrl, mailCap, eldersReview);
  const stories = new StoriesService(db, objectStore);
  const siteContent = new SiteContentService(db, { ...config.site, eldersApprove: eldersReview, directMessages: config.directMessages });
  const references = new ReferencesService(db, publicUrl, mailCap, changesApplied);
  const verification = new VerificationService(db, changesApplied);
  const selfies = new SelfieService(db, objectStore, changesApplied);
  // An undecided selfie is deleted 14 days after it was sent (a job with that run time; `now` decides, so tests move it).
  outbox.handleJob(selfieExpiryJob, async ({ selfieId }) => selfies.expire(selfieId, now()));
  const guardians = new GuardiansService(db, introductions, publicUrl, mailCap);
  const consultations = new ConsultationsService(db);

  return {
    now,
    sessions,
    auth,
    backgroundJobs,
    outbox,
    push,
    photos,
    volunteers,
    auditLog,
    admin,
    messages,
    matchIndex,
    matches,
    introductions,
    coordinator,
    profiles,
    account,
    blocks,
    hiddenWords,
    reports,
    moderation,
    hub,
    limits,
    team,
    siteContent,
    references,
    verification,
    selfies,
    guardians,
    consultations,
    stories,
  };
}
