import {
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages } from '#domain/language/language';
import { memberRoles } from '#domain/staff/roles';
import { staffMailKinds, staffMailModes } from '#domain/staff/staff-notifications';
import type { StoredSiteContent } from '#domain/site/site-content';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

/**
 * A staff member's choice for one kind of staff mail: 'digest' or 'off'; no row is the default,
 * a mail at once. Goes with the account.
 */
export const staffMailPreferences = pgTable(
  'staff_notice_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: staffMailKinds }).notNull(),
    mode: text('mode', { enum: staffMailModes }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * An admin's invitation to the coordinator or elder role: a mailed link, valid 7 days, spent once by
 * the signed-in invitee. Only the token's SHA-256 is stored, as for password resets.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role', { enum: memberRoles }).notNull(),
    /** The mail's language: the one the admin chose, or the page's when inviting. */
    language: text('language', { enum: languages }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('team_invitations_created_idx').on(t.createdAt)],
);

/**
 * What the admin set of the site's content: testimonials, the ministry and the contact and donation
 * addresses, as one JSON document in one row (id 1). No row: the environment's values and the spec's samples.
 */
export const siteContent = pgTable('site_content', {
  id: integer('id').primaryKey().default(1),
  content: json('content').$type<StoredSiteContent>().notNull(),
  updatedAt: updatedAt(),
});
