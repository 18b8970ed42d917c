import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/**
 * The durable outbox of background work (docs/decisions/005-outbox.md): a row is written in the transaction of
 * the event that causes it and taken by one worker at a time (FOR UPDATE SKIP LOCKED), retried with backoff.
 * Done rows stay a day with done_at set, so "was a notice sent lately" is a query on this table.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: json('payload').$type<Record<string, unknown>>().notNull(),
    /** What the job is about, for "not twice in 30 minutes" checks (e.g. message-notice:{receiver}:{sender}). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the job until then; past it (the worker died) another takes it again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_dedupe_idx').on(t.dedupeKey, t.createdAt),
    // One staff digest job a day, however many processes schedule it at start (notifications/staff-digest.ts).
    uniqueIndex('jobs_staff_digest_once_idx').on(t.dedupeKey).where(sql`${t.kind} = 'staff-digest'`),
  ],
);

/**
 * One row per upload ticket (POST /api/objects/upload). The signed URL names the row; the PUT fills
 * object_key once, so a ticket works a single time. A filled row is the proof that this user uploaded
 * that photo: PATCH /api/profile accepts only such keys, and /objects serves them by their owner's rules.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    objectKey: text('object_key').unique(),
    contentType: text('content_type'),
    /** 'profile' or 'volunteer' once registered; volunteer photos are public. */
    purpose: text('purpose'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

/** Every admin action: what, on what, when (and from which session, hashed). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: json('details').$type<Record<string, unknown>>(),
    sessionHash: text('session_hash'),
    /** The member who acted, when a coordinator or elder did; null for the admin session. */
    actorUserId: uuid('actor_user_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);

/**
 * Rate-limit counters shared by every process (security/rate-limiter.ts): one fixed window per key, counted by
 * an atomic upsert. UNLOGGED on PostgreSQL (the migration says so; drizzle-kit cannot): counters are cheap to
 * lose in a crash, and skipping the WAL keeps a hit cheap. Expired windows are deleted with the hourly purge.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** "<limit name>:<SHA-256 of the key>" (no email or address is stored). */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/**
 * Secrets of this installation kept in the database, so every process on one PostgreSQL shares them and every
 * backup of the database carries them (features/accounts/audit-hash-secret.ts). One row a secret, made once.
 */
export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
