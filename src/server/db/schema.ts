import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { closedStatuses, followUpOutcomes, introductionStatuses, reviewDecisions, type IntroductionStatus } from '#domain/introductions/introductions';
import { guardianRelations } from '#domain/introductions/guardians';
import { languages } from '#domain/language/language';
import { memberRoles } from '#domain/staff/roles';
import { staffNoticeKinds, staffNoticeModes } from '#domain/staff/staff-notifications';
import type { StoredSiteContent } from '#domain/site/site-content';
import type { SystemMessage } from '#domain/messaging/messages';
import { noticeKinds, reportActions, reportReasons, reportStatuses } from '#domain/safety/safety';
import { ageFlexibilities, courtshipAlignments, dietAlignments, genders, relocations, storedConsultations } from '#domain/profile/profile';
import { referenceRelationships, storedReferenceStatuses, verificationMethods, type ReferenceAnswerRow } from '#domain/references/references';

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
  notifyMessages: boolean('notify_messages').notNull().default(true),
  notifyIntroductions: boolean('notify_introductions').notNull().default(true),
  /** Push notifications to the member's subscribed devices (features/push); on from the first device on. */
  pushMessages: boolean('push_messages').notNull().default(true),
  pushIntroductions: boolean('push_introductions').notNull().default(true),
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
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  ],
);

/**
 * An email that may not sign up again until `until`: its account was deleted with open reports against
 * it. Kept as a hash of the address (signupHoldHash), never the address itself.
 */
export const signupHolds = pgTable('signup_holds', {
  emailHash: text('email_hash').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

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
 * A staff member's choice for one kind of staff mail: 'digest' or 'off'; no row is the default,
 * a mail at once. Goes with the account.
 */
export const staffNoticePreferences = pgTable(
  'staff_notice_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: staffNoticeKinds }).notNull(),
    mode: text('mode', { enum: staffNoticeModes }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
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
  /** When the member last answered Yes to the consultation (null while the answer is not Yes): the coordinators' queue. */
  consultationRequestedAt: timestamp('consultation_requested_at', { withTimezone: true }),
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
  // The admin's list: newest first (this index read backwards), paged; searched by name and location (trigram indexes answer ILIKE '%…%').
  index('profiles_created_idx').on(t.createdAt, t.id),
  // The admin's status filter (spec §4's display status is these two columns): its page and its count read only
  // this index once the table is vacuumed (20,000 inactive of 100,000: count 46 ms → 3 ms on PostgreSQL).
  index('profiles_status_created_idx').on(t.profileComplete, t.profileActive, t.createdAt, t.id),
  index('profiles_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  index('profiles_location_trgm_idx').using('gin', t.exactLocation.op('gin_trgm_ops')),
]);

/** A profile as stored: what the policy layer and the features read (it sits here, below them all). */
export type ProfileRow = typeof profiles.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Commit order; the event stream's ids, so a reconnecting client resumes after the last one it saw. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /**
     * The two people, with no foreign key: when one deletes their account, the other keeps the thread, and
     * the deleted side becomes a random id that names nobody (deletion-steps.ts "messages"), shown as "a deleted
     * member". insertMessage locks both users rows as a foreign key would, so no message is written to a deleted id.
     */
    senderId: uuid('sender_id').notNull(),
    receiverId: uuid('receiver_id').notNull(),
    content: text('content').notNull(),
    /** A message the service wrote (domain/messaging/messages.ts SystemMessage): its kind and params, worded by each reader's web. */
    system: json('system').$type<SystemMessage>(),
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

/**
 * One row per person and each person they have exchanged messages with (two rows a pair): the last message and
 * how many the person has not read. Kept in the same transaction as every message sent and every thread read
 * (messages.service.ts), so GET /api/conversations reads one row a conversation, however long the history.
 */
export const conversations = pgTable(
  'conversations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key, as messages' ids: a deleted member's side becomes the same random id as in their messages. */
    otherId: uuid('other_id').notNull(),
    lastMessageId: uuid('last_message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The last message's seq: a later message replaces it, an earlier one (committed late) does not. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.otherId] })],
);

/**
 * Legacy partner applications: read-only in the admin dashboard. Linked to the account with the same email (the
 * migration links them, the hourly retention pass links new matches and deletes what stays unlinked: docs/privacy.md),
 * so they go with the account and appear in its export.
 */
export const partnerApplications = pgTable('partner_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
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
}, (t) => [index('partner_applications_user_idx').on(t.userId), index('partner_applications_created_idx').on(t.createdAt, t.id)]);

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
  /** The revenue-share agreement as its own fact, no longer a sentence in the background. */
  agreedToRevenueSplit: boolean('agreed_to_revenue_split').notNull().default(false),
  agreedAt: timestamp('agreed_at', { withTimezone: true }),
  agreementPolicyVersion: integer('agreement_policy_version'),
  createdAt: createdAt(),
}, (t) => [
  // The admin's list: newest first, searched by name and email.
  index('volunteer_applications_created_idx').on(t.createdAt, t.id),
  index('volunteer_applications_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  index('volunteer_applications_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
]);

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

/** Statuses as SQL literals: an index's condition is written into the migration, where there are no parameters. */
const statusLiterals = (statuses: readonly IntroductionStatus[]) => sql.raw(statuses.map((status) => `'${status}'`).join(', '));

/**
 * A coordinator's proposal that two members meet. member_a is asked first, member_b only after A
 * accepted (reached_second_at), so B never learns of A's refusal. pair_low/pair_high are the two ids in order,
 * so "one open introduction per pair" is a unique index whatever the order of the proposal.
 */
export const introductions = pgTable(
  'introductions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberA: uuid('member_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberB: uuid('member_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pairLow: uuid('pair_low').notNull(),
    pairHigh: uuid('pair_high').notNull(),
    coordinatorId: uuid('coordinator_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    status: text('status', { enum: introductionStatuses }).notNull(),
    approvals: integer('approvals').notNull().default(0),
    /** The answer of the person asked now is due by then; past it the introduction is expired. */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    reachedFirstAt: timestamp('reached_first_at', { withTimezone: true }),
    reachedSecondAt: timestamp('reached_second_at', { withTimezone: true }),
    introducedAt: timestamp('introduced_at', { withTimezone: true }),
    /** Private reasons given with a refusal: coordinators only. */
    firstReason: text('first_reason'),
    secondReason: text('second_reason'),
    cancelNote: text('cancel_note'),
    /**
     * Each member's first name when the coordinator proposed: what a closed card (or one whose other profile is
     * paused) and an elder's past review show, instead of the live profile.
     */
    firstNameA: text('first_name_a'),
    firstNameB: text('first_name_b'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('introductions_member_a_idx').on(t.memberA, t.status),
    index('introductions_member_b_idx').on(t.memberB, t.status),
    index('introductions_status_idx').on(t.status, t.createdAt),
    index('introductions_pair_idx').on(t.pairLow, t.pairHigh),
    uniqueIndex('introductions_open_pair_idx')
      .on(t.pairLow, t.pairHigh)
      .where(sql`${t.status} not in (${statusLiterals(closedStatuses)})`),
  ],
);

/** One elder's review of one introduction; the primary key keeps it to one each. */
export const introductionReviews = pgTable(
  'introduction_reviews',
  {
    introductionId: uuid('introduction_id')
      .notNull()
      .references(() => introductions.id, { onDelete: 'cascade' }),
    elderId: uuid('elder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: reviewDecisions }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.introductionId, t.elderId] })],
);

/** A member's check-in after an introduction: continuing, ended, engaged, married. */
export const introductionFollowUps = pgTable(
  'introduction_follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    introductionId: uuid('introduction_id')
      .notNull()
      .references(() => introductions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: followUpOutcomes }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('introduction_follow_ups_intro_idx').on(t.introductionId, t.userId, t.createdAt)],
);

/**
 * "Ask a coordinator to introduce us" from a match page. The other person is not told; the request is handled
 * (handled_at) when an introduction of the pair is proposed.
 */
/**
 * A coordinator marked a member's consultation request handled, with a private note the member never reads. One row
 * a member, for the request made at `requestedAt`: a later Yes (a new request) is open again until marked.
 */
export const consultationHandled = pgTable('consultation_handled', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  handledAt: timestamp('handled_at', { withTimezone: true }).notNull(),
  handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  note: text('note').notNull().default(''),
});

export const introductionRequests = pgTable(
  'introduction_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: uuid('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('introduction_requests_requester_idx').on(t.requesterId),
    index('introduction_requests_other_idx').on(t.otherId),
    uniqueIndex('introduction_requests_open_pair_idx').on(t.requesterId, t.otherId).where(sql`${t.handledAt} is null`),
  ],
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

/**
 * A member's guardian ("family at the table"): invited by email with a single-use link (only its SHA-256
 * is stored), linked to the account that accepts it. The guardian reads the member's introductions and, with
 * sees_messages, their conversations from messages_since on: the moment both members of a conversation are shown
 * "A family member of … can read this conversation". The member removes a guardian, the guardian steps back:
 * either deletes the row. Both accounts' deletion takes it with them.
 */
export const guardians = pgTable(
  'guardians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account that accepted the invitation; null while invited. */
    guardianUserId: uuid('guardian_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** How the member names them, and the address the invitation went to (the member's own words). */
    name: text('name').notNull(),
    email: text('email').notNull(),
    relation: text('relation', { enum: guardianRelations }).notNull(),
    seesMessages: boolean('sees_messages').notNull().default(false),
    /** Since when the guardian can read the member's conversations (accepted with sees_messages); null otherwise. */
    messagesSince: timestamp('messages_since', { withTimezone: true }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('guardians_member_idx').on(t.memberId),
    index('guardians_guardian_idx').on(t.guardianUserId),
    // One link per member and guardian account.
    uniqueIndex('guardians_pair_idx').on(t.memberId, t.guardianUserId).where(sql`${t.guardianUserId} is not null`),
  ],
);

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
 * A device (browser) subscribed to Web Push for a member (features/push). The endpoint is the push service's URL
 * for that device, unique: a browser that subscribes again under another member moves to them. p256dh and auth are
 * the browser's keys for encrypting payloads (RFC 8291); they leave this table only to encrypt.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser that subscribed, as the devices list on /settings names it. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** The last time its push service accepted a push for it. */
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
