import { sql } from 'drizzle-orm';
import {
  index,
  json,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages } from '#domain/language/language';
import { referenceRelationships, storedReferenceStatuses, verificationMethods, type ReferenceAnswerRow } from '#domain/references/references';
import { gestureIds, selfieRefusalReasons, selfieStatuses } from '#domain/verification/selfie';
import { users } from './accounts';

/**
 * A reference a member asked of someone who knows them: a referee with no account answers through a
 * mailed link, valid 30 days and spent once (only the token's SHA-256 is kept, and it is cleared when spent). The
 * answers are confidential to coordinators and elders: the member reads only who, what and the status. "references"
 * is an SQL keyword, hence the table's name.
 */
export const memberReferences = pgTable(
  'member_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    relationship: text('relationship', { enum: referenceRelationships }).notNull(),
    language: text('language', { enum: languages }).notNull(),
    /** requested, received, declined, withdrawn; "expired" is a requested one past expires_at (decided on read). */
    status: text('status', { enum: storedReferenceStatuses }).notNull(),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** The referee's answers (received only). */
    answer: json('answer').$type<ReferenceAnswerRow>(),
    /**
     * When a coordinator first read the answers (the audited staff read): only a reference read by the ministry
     * counts on the member's card, so one she answered herself from a second mailbox is seen before it is shown.
     */
    coordinatorReadAt: timestamp('coordinator_read_at', { withTimezone: true }),
  },
  (t) => [index('member_references_user_idx').on(t.userId, t.requestedAt)],
);

/**
 * A coordinator's word that they met the member, in person or by video; one row a member, deleted when
 * revoked. `fingerprint` is the SHA-256 of the name, birth date and photos when verified: when they differ now the
 * coordinator's queue says "changed since verified" (the badge stays).
 */
export const memberVerifications = pgTable('member_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  coordinatorId: uuid('coordinator_id').references(() => users.id, { onDelete: 'set null' }),
  method: text('method', { enum: verificationMethods }).notNull(),
  note: text('note').notNull().default(''),
  fingerprint: text('fingerprint').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
});

/**
 * A member's selfie checks (issue 50 part 2), one row an attempt: the gesture drawn at random, then the photo sent
 * (`object_key`, a private key under `selfies/` in the object store, served to coordinators only), then a
 * coordinator's decision. The photo is deleted, and `object_key` cleared, the moment it is decided, or by the
 * `selfie-expiry` job 14 days after it was sent. Nothing is computed from the face. An approved row keeps the profile
 * photos it was compared with (`photos`): the rung holds while every photo she shows was among them. Deleted with
 * the account.
 */
export const selfieChecks = pgTable(
  'selfie_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gestureId: text('gesture_id', { enum: gestureIds }).notNull(),
    status: text('status', { enum: selfieStatuses }).notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    objectKey: text('object_key'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** A refusal's reason (domain/verification/selfie.ts selfieRefusalReasons), which the member reads in her language. */
    reason: text('reason', { enum: selfieRefusalReasons }),
    /** The coordinator's note on a decision: for the team, never shown to the member. */
    note: text('note').notNull().default(''),
    /** The profile photos (paths) an approval compared the selfie with. */
    photos: text('photos').array(),
    /** When the admin asked her to verify again (status `revoked`), or the check expired undecided. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('selfie_checks_user_idx').on(t.userId, t.status), index('selfie_checks_pending_idx').on(t.submittedAt).where(sql`${t.status} = 'pending'`)],
);
