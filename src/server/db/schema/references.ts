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
