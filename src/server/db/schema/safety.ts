import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { noticeKinds, reportActions, reportReasons, reportStatuses } from '#domain/safety/safety';
import { createdAt } from './columns';
import { users } from './accounts';
import { messages } from './messaging';
import { introductions } from './introductions';

/**
 * One person blocking another. A block works both ways: the access rules read it in either direction
 * (Relationship.blocked), so one row per blocker is enough and unblocking is deleting it.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);

/**
 * A member's report of another. Open until an admin resolves it; three distinct reporters with open
 * reports hide the reported profile from matches until then (match index). The message, when given, is one between
 * the two; it stays linked while the message exists.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Null for Sanga's own report: a member whose messages were held back (message_holds) on their way to
     * AUTOMATIC_REPORT_RECEIVERS different people, put in the queue as `scam-or-money`; one open such report a person.
     */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the reported member deleted their account: the report stays, under reportedHash. */
    reportedId: uuid('reported_id').references(() => users.id, { onDelete: 'set null' }),
    /** The deleted member's id hashed as in the audit log (deletion-steps.ts hashedId); null while they exist. */
    reportedHash: text('reported_hash'),
    /**
     * The reported message and the messages around it, kept for the admin when the reported member deleted their
     * account (their messages go with it); ids of the deleted member hashed. Null otherwise.
     */
    evidence: json('evidence').$type<{ messageId: string; messages: Array<{ id: string; senderId: string; content: string; createdAt: string }> }>(),
    reason: text('reason', { enum: reportReasons }).notNull(),
    details: text('details'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /**
     * Whether the reporter had standing when filing: a verified email and either an account older than
     * REPORTER_STANDING_DAYS or a conversation or introduction with the reported person. Only such reports count
     * toward the hold for review, so throwaway accounts cannot hide anyone; the others still reach the queue.
     */
    reporterStanding: boolean('reporter_standing').notNull().default(false),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution', { enum: reportActions }),
    resolutionNote: text('resolution_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_reported_status_idx').on(t.reportedId, t.status, t.reporterId),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    // The hold for review counts open reports from reporters with standing, for every person the
    // relationship statement reads: this index answers it by the reported id alone.
    index('reports_hold_idx').on(t.reportedId, t.reporterId).where(sql`${t.status} = 'open' and ${t.reporterStanding}`),
    // Sanga's own report (no reporter): one open a person, however many attempts follow.
    uniqueIndex('reports_automatic_open_idx').on(t.reportedId).where(sql`${t.reporterId} is null and ${t.status} = 'open'`),
  ],
);

/** Something an admin's decision tells a member (a warning, photos removed), shown until they acknowledge it. */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: noticeKinds }).notNull(),
    /** The introduction an introduction notice is about (the coordinator's banner names its two members). */
    introductionId: uuid('introduction_id').references((): AnyPgColumn => introductions.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.acknowledgedAt)],
);
