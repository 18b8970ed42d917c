import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ageFlexibilities, courtshipAlignments, dietAlignments, genders, relocations, storedConsultations } from '../../domain/profile';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
     * a recent value means the member is reading live, so a new message needs no mail (accounts/notices.ts).
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
  /** When the owner opened a verification link sent to this address; null until then (and after a change). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** The language of every mail to this person: the page's language at sign-up, then the settings'. */
  language: text('language', { enum: ['en', 'es'] }).notNull().default('en'),
  notifyMessages: boolean('notify_messages').notNull().default(true),
  notifyIntroductions: boolean('notify_introductions').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
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

/**
 * The durable outbox of background work (docs/decisions/004-outbox.md): a row is written in the transaction of
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
  ],
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

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  gender: text('gender', { enum: genders }).notNull(),
  dateOfBirth: date('date_of_birth'),
  age: text('age'),
  minAge: integer('min_age').notNull().default(18),
  maxAge: integer('max_age').notNull().default(99),
  ageFlexibility: text('age_flexibility', { enum: ageFlexibilities }).notNull().default('flexible'),
  exactLocation: text('exact_location').notNull(),
  relocation: text('relocation', { enum: relocations }).notNull(),
  communityAffiliation: text('community_affiliation').notNull(),
  courtshipAlignment: text('courtship_alignment', { enum: courtshipAlignments }).notNull(),
  dietAlignment: text('diet_alignment', { enum: dietAlignments }).notNull(),
  languagesSpoken: text('languages_spoken'),
  dealBreakers: text('deal_breakers').notNull(),
  dealMakers: text('deal_makers').notNull(),
  aboutYou: text('about_you').notNull(),
  /** yes / no / other (maybe-later) in storage, as the spec says. */
  marriageReadinessConsultation: text('marriage_readiness_consultation', { enum: storedConsultations }).notNull(),
  profileComplete: boolean('profile_complete').notNull().default(false),
  profileActive: boolean('profile_active').notNull().default(false),
  isPremium: boolean('is_premium').notNull().default(false),
  credits: text('credits').notNull().default('0'),
  photos: text('photos')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  // Match keys: the profile's text normalised once when it is written (see features/matches),
  // so the matching query compares plain columns. matchKeysVersion says which rules made them.
  locCity: text('loc_city').notNull().default(''),
  locRegion: text('loc_region').notNull().default(''),
  locCountry: text('loc_country').notNull().default(''),
  communityKey: text('community_key').notNull().default(''),
  /** The date of birth as YYYYMMDD, so an age is (todayKey - dobKey) / 10000 in integer arithmetic. */
  dobKey: integer('dob_key'),
  /** The leading number of the free-text age, used when there is no date of birth. */
  statedAge: integer('stated_age'),
  matchKeysVersion: integer('match_keys_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // The matching query's filter: active profiles with two photos, by gender.
  index('profiles_browsable_idx').on(t.gender).where(sql`${t.profileActive} and cardinality(${t.photos}) >= 2`),
]);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Commit order; the event stream's ids, so a reconnecting client resumes after the last one it saw. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    /** The sender's idempotency key (a UUID made by the client), so a retried send is stored once. */
    clientId: uuid('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_id_idx').on(t.senderId, t.clientId),
    index('messages_sender_receiver_idx').on(t.senderId, t.receiverId, t.createdAt),
    index('messages_receiver_sender_idx').on(t.receiverId, t.senderId, t.createdAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.read),
  ],
);

/** Legacy partner applications: read-only in the admin dashboard. */
export const partnerApplications = pgTable('partner_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  dateOfBirth: text('date_of_birth'),
  age: text('age'),
  communityAffiliation: text('community_affiliation'),
  exactLocation: text('exact_location'),
  marriageReadinessConsultation: text('marriage_readiness_consultation'),
  relocation: text('relocation'),
  diet: text('diet'),
  dealBreakers: text('deal_breakers'),
  dealMakers: text('deal_makers'),
  aboutYou: text('about_you'),
  courtshipStyle: text('courtship_style'),
  createdAt: createdAt(),
});

export const volunteerApplications = pgTable('volunteer_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Unique: one application per user, also when first submissions race (INSERT … ON CONFLICT). */
  userId: uuid('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** A free-text birth year, as the spec's form collects it. */
  dateOfBirth: text('date_of_birth'),
  contribution: text('contribution').notNull(),
  background: text('background').notNull(),
  photo: text('photo'),
  donationInfo: text('donation_info'),
  minimumDonation: text('minimum_donation'),
  approved: boolean('approved').notNull().default(false),
  /** The revenue-share agreement as its own fact (issue 13 bug 4), no longer a sentence in the background. */
  agreedToRevenueSplit: boolean('agreed_to_revenue_split').notNull().default(false),
  agreedAt: timestamp('agreed_at', { withTimezone: true }),
  agreementPolicyVersion: integer('agreement_policy_version'),
  createdAt: createdAt(),
});

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
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt)],
);
