import { sql } from 'drizzle-orm';
import { heightUnits } from '#domain/profile/biodata';
import {
  boolean,
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { languages } from '#domain/language/language';
import { memberRoles } from '#domain/staff/roles';
import { createdAt, updatedAt } from './columns';

/** Server-side sessions: the cookie carries only the signed sid. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: json('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    /** The id a member sees in their session list and ends one by: never the sid, which is the secret. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    createdAt: createdAt(),
    /** Moved with the idle expiry (at most hourly), so it costs no extra write. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /**
     * Set when an event stream opens with this session and at each heartbeat while one is open, on any process:
     * a recent value means the member is reading live, so a new message needs no mail (notifications/message-mail.ts).
     */
    streamSeenAt: timestamp('stream_seen_at', { withTimezone: true }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(sql`(${t.sess}->>'userId')`)],
);

export interface SessionData {
  userId?: string;
  isAdmin?: boolean;
}

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  profileImageUrl: text('profile_image_url'),
  passwordHash: text('password_hash').notNull(),
  /** Roles the admin granted (coordinator, elder); empty for members. */
  roles: text('roles', { enum: memberRoles }).array().notNull().default(sql`'{}'::text[]`),
  /** Set while an admin has suspended the account; null otherwise. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  /** When the person agreed to the privacy notice at sign-up, and which version (null: a client that did not ask). */
  privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true }),
  privacyNoticeVersion: integer('privacy_notice_version'),
  /** When the owner opened a verification link sent to this address; null until then (and after a change). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /**
   * The SHA-256 of each address this account moved away from (normalised, mail/recipient-cap.ts), never the address:
   * a member cannot name a former address of her own as her referee.
   */
  formerEmailKeys: text('former_email_keys').array().notNull().default(sql`'{}'::text[]`),
  /** The language of every mail to this person: the page's language at sign-up, then the settings'. */
  language: text('language', { enum: languages }).notNull().default('en'),
  /** The units the member reads heights in; null: by the screens' language (domain/profile/biodata.ts). */
  heightUnit: text('height_unit', { enum: heightUnits }),
  notifyMessages: boolean('notify_messages').notNull().default(true),
  notifyIntroductions: boolean('notify_introductions').notNull().default(true),
  /** Push notifications to the member's subscribed devices (features/push); on from the first device on. */
  pushMessages: boolean('push_messages').notNull().default(true),
  pushIntroductions: boolean('push_introductions').notNull().default(true),
  /**
   * Words or phrases the member never wants to read (domain/safety/hidden-words.ts): read with the lock a send takes
   * on both people (messages.service insertMessage), so checking them costs a send no round trip of its own.
   */
  hiddenWords: text('hidden_words').array().notNull().default(sql`'{}'::text[]`),
  /**
   * When the member last used the site: copied from their sessions by the hourly retention pass (jobs/retention.ts),
   * so an account unused for INACTIVE_ACCOUNT_YEARS is noticed, and deleted 30 days after the notice (docs/privacy.md).
   */
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the "your account will be deleted" mail was queued; cleared when the member comes back. */
  inactivityNoticeAt: timestamp('inactivity_notice_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // The admin's search by email (ILIKE '%…%'): pg_trgm, on PostgreSQL and in PGlite alike (db/client.ts loads it).
  index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  // The few suspended accounts, for the admin's status=suspended filter (without it, a scan of every account).
  index('users_suspended_idx').on(t.suspendedAt).where(sql`${t.suspendedAt} is not null`),
]);

/**
 * An email that may not sign up again until `until`: its account was deleted with open reports against
 * it. Kept as a hash of the address (signupHoldHash), never the address itself.
 */
export const signupHolds = pgTable('signup_holds', {
  emailHash: text('email_hash').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Links sent to an address to prove it is the member's: a verification of the current email (new_email null) or
 * the confirmation of a change to new_email. Only the SHA-256 of the token is stored; single use.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: a leaked table does not reveal usable links. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
