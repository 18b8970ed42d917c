import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { closedStatuses, declineReasons, followUpOutcomes, metAnswers, introductionStatuses, reviewDecisions, type IntroductionStatus } from '#domain/introductions/introductions';
import { guardianRelations } from '#domain/introductions/guardians';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

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
    /** The reasons each member chose from the list when declining (domain declineReasons): coordinators only. */
    firstDeclineReasons: text('first_decline_reasons', { enum: declineReasons }).array().notNull().default(sql`'{}'::text[]`),
    secondDeclineReasons: text('second_decline_reasons', { enum: declineReasons }).array().notNull().default(sql`'{}'::text[]`),
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
    /** A declining elder's reasons from the list: coordinators only. */
    reasons: text('reasons', { enum: declineReasons }).array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.introductionId, t.elderId] })],
);

/** A member's answer to "Did you meet?" (issue 51), one per member and introduction (a new answer replaces it). */
export const introductionMeetings = pgTable(
  'introduction_meetings',
  {
    introductionId: uuid('introduction_id')
      .notNull()
      .references(() => introductions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    met: text('met', { enum: metAnswers }).notNull(),
    /** Would like to meet again: null when they did not meet, or did not say. */
    again: boolean('again'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.introductionId, t.userId] })],
);

/**
 * A member's answer to "Would you share your story?" (issue 51 part 5), one per member and introduction. A no (or a
 * withdrawal) keeps only the no: her names, words and photo are cleared. The story exists while both rows say yes.
 */
export const introductionStories = pgTable(
  'introduction_stories',
  {
    introductionId: uuid('introduction_id')
      .notNull()
      .references(() => introductions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    share: boolean('share').notNull(),
    /** The name she is to be shown by: null with a no. */
    names: text('names'),
    text: text('text'),
    /** Her photo of the two in the object store (stories/…): null without one, and with a no. */
    photoKey: text('photo_key'),
    photoAddedAt: timestamp('photo_added_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.introductionId, t.userId] })],
);

/**
 * The admin's publication of a story: shown on the landing page while this row exists and both members still say
 * yes (a withdrawal deletes it in the same transaction).
 */
export const storyPublications = pgTable('story_publications', {
  introductionId: uuid('introduction_id')
    .primaryKey()
    .references(() => introductions.id, { onDelete: 'cascade' }),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

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
