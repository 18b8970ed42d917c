import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { otherUnavailableFor } from '#server/policy/introduction-sql';
import {
  adminAudit,
  blocks,
  emailTokens,
  guardians,
  introductionFollowUps,
  introductionRequests,
  introductionMeetings,
  introductionStories,
  introductionReviews,
  introductions,
  memberReferences,
  memberVerifications,
  messageHolds,
  messages,
  notices,
  staffMailPreferences,
  partnerApplications,
  profiles,
  pushSubscriptions,
  reports,
  sessions,
  users,
  vedicBirthDetails,
  volunteerApplications,
  selfieChecks,
} from '#server/db/schema';

/**
 * What "Download my data" puts in account.json: one entry a kind of data, each reading only the member's own rows.
 * A feature that stores something about a member adds its section here, and a test checks that every section
 * appears in the export. What others filed about the member (reports against them) and coordinators' private notes
 * are the ministry's records, not the member's data, and stay out (docs/privacy.md lists each with why).
 */
export interface ExportSection {
  name: string;
  /**
   * The columns naming the member whose rows this section exports ("table.column"): a test lists every column of
   * the schema that names a user and fails unless a section covers it or docs/privacy.md says why not.
   */
  covers: string[];
  collect(db: Db, userId: string): Promise<unknown>;
}

/**
 * The audit actions in which staff read one member, the target being her id: her page and suggestions for her
 * (coordinators), her references' answers, and each photo of hers a coordinator, an elder or the admin opened.
 */
const PROFILE_VIEW_ACTIONS = [
  'coordinator.view-member',
  'coordinator.view-suggestions',
  'coordinator.view-references',
  'coordinator.view-photo',
  'coordinator.view-selfie',
  'elder.view-photo',
  'admin.view-photo',
];
/** Reads of her that name her in the details, not the target: the admin's view of a report about her, and an elder's list of introductions to review with her in it (with her profile and references). */
const ADMIN_REPORT_VIEW = 'view.report';
const ELDER_REVIEW_LIST = 'elder.view-introductions';

/** The member's choices on her account row: GET /api/account/preferences answers them, and her export carries them. */
export const preferenceColumns = {
  language: users.language,
  notifyMessages: users.notifyMessages,
  notifyIntroductions: users.notifyIntroductions,
  pushMessages: users.pushMessages,
  pushIntroductions: users.pushIntroductions,
  heightUnit: users.heightUnit,
};

/** Who read: the admin session, or the staff member by their id and the role the action was taken in. */
function viewer(action: string, actorUserId: string | null): 'admin' | { coordinatorId: string } | { elderId: string } {
  if (!actorUserId) return 'admin';
  return action.startsWith('elder.') ? { elderId: actorUserId } : { coordinatorId: actorUserId };
}

export const exportSections: ExportSection[] = [
  {
    name: 'account',
    covers: ['users.id'],
    async collect(db, userId) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          profileImageUrl: users.profileImageUrl,
          roles: users.roles,
          suspendedAt: users.suspendedAt,
          suspendedReason: users.suspendedReason,
          lastActiveAt: users.lastActiveAt,
          inactivityNoticeAt: users.inactivityNoticeAt,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  },
  {
    // A change of email asked for and not yet confirmed: the address it would become, until its link expires.
    name: 'pendingEmailChange',
    covers: ['email_tokens.user_id'],
    async collect(db, userId) {
      const [row] = await db
        .select({ newEmail: emailTokens.newEmail, requestedAt: emailTokens.createdAt, expiresAt: emailTokens.expiresAt })
        .from(emailTokens)
        .where(and(eq(emailTokens.userId, userId), isNotNull(emailTokens.newEmail), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, new Date())))
        .orderBy(desc(emailTokens.createdAt))
        .limit(1);
      return row ?? null;
    },
  },
  {
    // Signed-in devices as the session list shows them; never the session id (the secret).
    name: 'sessions',
    covers: ['sessions.sess'],
    async collect(db, userId) {
      return db
        .select({ device: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expire })
        .from(sessions)
        .where(sql`${sessions.sess}->>'userId' = ${userId}`)
        .orderBy(desc(sessions.lastSeenAt));
    },
  },
  {
    // Every staff read of her, and when (docs/privacy.md): the admin session, or a coordinator or elder by their
    // member id. The audit log's details stay out (they are about others as much as her); only that she was read.
    name: 'profileViews',
    covers: ['admin_audit.target_id'],
    async collect(db, userId) {
      const rows = await db
        .select({ action: adminAudit.action, actorUserId: adminAudit.actorUserId, at: adminAudit.createdAt })
        .from(adminAudit)
        .where(
          or(
            and(eq(adminAudit.targetType, 'user'), eq(adminAudit.targetId, userId), inArray(adminAudit.action, PROFILE_VIEW_ACTIONS)),
            and(eq(adminAudit.action, ADMIN_REPORT_VIEW), sql`${adminAudit.details}::jsonb ->> 'userId' = ${userId}`),
            and(eq(adminAudit.action, ELDER_REVIEW_LIST), sql`(${adminAudit.details}::jsonb -> 'members') @> ${JSON.stringify([userId])}::jsonb`),
          ),
        )
        .orderBy(adminAudit.createdAt);
      return rows.map((row) => ({ action: row.action, by: viewer(row.action, row.actorUserId), at: row.at }));
    },
  },
  {
    name: 'preferences',
    covers: [],
    async collect(db, userId) {
      const [row] = await db.select(preferenceColumns).from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  },
  {
    // The words and phrases she keeps out of her messages (domain/safety/hidden-words.ts).
    name: 'hiddenWords',
    covers: [],
    async collect(db, userId) {
      const [row] = await db.select({ words: users.hiddenWords }).from(users).where(eq(users.id, userId));
      return row?.words ?? [];
    },
  },
  {
    name: 'profile',
    covers: ['profiles.user_id', 'profiles.education', 'profiles.practice', 'profiles.must_haves'],
    async collect(db, userId) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      if (!row) return null;
      // The match keys are our own derived columns, not the member's data.
      // Nor are the row's ids and the derived "complete" flag (no leftover internal fields).
      const { id: _i, userId: _u, profileComplete: _p, locCity: _c, locRegion: _r, locCountry: _k, communityKey: _m, dobKey: _d, statedAge: _s, matchKeysVersion: _v, ...profile } = row;
      return profile;
    },
  },
  {
    // Her birth time and place for Vedic compatibility (issue 52), and the chart computed from them once there is
    // one; null when she has not opted in (opting out deleted them).
    name: 'vedic',
    covers: ['vedic_birth_details.user_id', 'vedic_birth_details.vedic_chart'],
    async collect(db, userId) {
      const [row] = await db.select().from(vedicBirthDetails).where(eq(vedicBirthDetails.userId, userId));
      if (!row) return null;
      return {
        birthTime: row.birthTime,
        birthTimeAccuracy: row.birthTimeAccuracy,
        birthPlace: { name: row.placeName, latitude: row.placeLatitude, longitude: row.placeLongitude, timeZone: row.placeTimeZone },
        chart: row.vedicChart,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
    },
  },
  {
    name: 'messages',
    covers: ['messages.sender_id', 'messages.receiver_id', 'messages.system', 'conversations.user_id', 'conversations.other_id'],
    async collect(db, userId) {
      const rows = await db
        .select({
          id: messages.id,
          senderId: messages.senderId,
          receiverId: messages.receiverId,
          content: messages.content,
          read: messages.read,
          unkind: messages.unkind,
          hidden: messages.hidden,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
        .orderBy(messages.seq);
      // Whether the other person read a message she sent is theirs to tell (the API no longer says so): a read flag
      // only on what she received, which is her own reading. Likewise "hidden" (her hidden words kept it in her
      // folder): only on what she received, never telling a sender that the other's words hid theirs. A message sent
      // anyway after "Are you sure?" says so.
      return rows.map(({ read, unkind, hidden, ...row }) => {
        const marked = unkind ? { sentAfterKindPrompt: true } : {};
        return row.senderId === userId ? { ...row, ...marked, direction: 'sent' } : { ...row, ...marked, read, hidden, direction: 'received' };
      });
    },
  },
  {
    // Messages held back before delivery (contact details or money before an introduction): hers, and those held on
    // their way to her. Never any words: none were kept.
    name: 'messageHolds',
    covers: ['message_holds.sender_id', 'message_holds.receiver_id'],
    async collect(db, userId) {
      const rows = await db
        .select({ senderId: messageHolds.senderId, receiverId: messageHolds.receiverId, kind: messageHolds.kind, createdAt: messageHolds.createdAt })
        .from(messageHolds)
        .where(or(eq(messageHolds.senderId, userId), eq(messageHolds.receiverId, userId)))
        .orderBy(messageHolds.createdAt);
      return rows.map((row) =>
        row.senderId === userId
          ? { direction: 'sent', receiverId: row.receiverId, kind: row.kind, createdAt: row.createdAt }
          : { direction: 'received', senderId: row.senderId, kind: row.kind, createdAt: row.createdAt },
      );
    },
  },
  {
    // The privacy notice the member agreed to at sign-up, and when (null for a client that did not ask).
    name: 'consents',
    covers: [],
    async collect(db, userId) {
      const [row] = await db.select({ privacyNoticeVersion: users.privacyNoticeVersion, privacyConsentAt: users.privacyConsentAt }).from(users).where(eq(users.id, userId));
      return row ? [{ notice: 'privacy', version: row.privacyNoticeVersion, agreedAt: row.privacyConsentAt }] : [];
    },
  },
  {
    // The people this member blocked (never who blocked them) and the reports they filed.
    name: 'blocks',
    covers: ['blocks.blocker_id'],
    async collect(db, userId) {
      return db.select({ userId: blocks.blockedId, createdAt: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, userId));
    },
  },
  {
    name: 'reportsMade',
    covers: ['reports.reporter_id'],
    async collect(db, userId) {
      return db
        .select({ id: reports.id, userId: reports.reportedId, reason: reports.reason, details: reports.details, messageId: reports.messageId, status: reports.status, createdAt: reports.createdAt })
        .from(reports)
        .where(eq(reports.reporterId, userId));
    },
  },
  {
    // A staff member's choice per kind of staff mail (immediate, digest or off).
    // The export's own name, as members' earlier downloads have it.
    name: 'staffNoticePreferences',
    covers: ['staff_notice_preferences.user_id'],
    async collect(db, userId) {
      return db
        .select({ kind: staffMailPreferences.kind, mode: staffMailPreferences.mode, updatedAt: staffMailPreferences.updatedAt })
        .from(staffMailPreferences)
        .where(eq(staffMailPreferences.userId, userId));
    },
  },
  {
    // The devices that receive push notifications: without their keys, which are the browser's secret for
    // encrypting pushes to it and say nothing about the member (docs/privacy.md).
    name: 'pushDevices',
    covers: ['push_subscriptions.user_id'],
    async collect(db, userId) {
      return db
        .select({ endpoint: pushSubscriptions.endpoint, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt, lastPushAt: pushSubscriptions.lastPushAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
    },
  },
  {
    name: 'notices',
    covers: ['notices.user_id'],
    async collect(db, userId) {
      return db.select({ kind: notices.kind, createdAt: notices.createdAt, acknowledgedAt: notices.acknowledgedAt }).from(notices).where(eq(notices.userId, userId));
    },
  },
  {
    // Introductions that reached the member, with their own answer and follow-ups (not the other's reason).
    name: 'introductions',
    covers: ['introductions.member_a', 'introductions.member_b', 'introductions.pair_low', 'introductions.pair_high'],
    async collect(db, userId) {
      const rows = await db
        .select({ row: introductions, unavailable: otherUnavailableFor(userId) })
        .from(introductions)
        .where(or(eq(introductions.memberA, userId), eq(introductions.memberB, userId)));
      return rows
        // Only what reached the member: never one still with the elders, nor the first's refusal to the second.
        .filter(({ row }) => (row.memberA === userId ? row.reachedFirstAt !== null : row.reachedSecondAt !== null))
        // The other person no longer available (a block, a suspension): as on the member's list, nothing of them.
        .map(({ row, unavailable }) => ({
          id: row.id,
          otherUserId: unavailable ? null : row.memberA === userId ? row.memberB : row.memberA,
          available: !unavailable,
          status: row.status,
          note: unavailable ? '' : row.note,
          // Her own reason for a refusal, never the other's.
          myRefusalReason: row.memberA === userId ? row.firstReason : row.secondReason,
          myDeclineReasons: row.memberA === userId ? row.firstDeclineReasons : row.secondDeclineReasons,
          createdAt: row.createdAt,
          introducedAt: row.introducedAt,
        }));
    },
  },
  {
    // Her check-ins after an introduction, with her notes.
    name: 'followUps',
    covers: ['introduction_follow_ups.user_id'],
    async collect(db, userId) {
      return db
        .select({ introductionId: introductionFollowUps.introductionId, status: introductionFollowUps.status, note: introductionFollowUps.note, createdAt: introductionFollowUps.createdAt })
        .from(introductionFollowUps)
        .where(eq(introductionFollowUps.userId, userId))
        .orderBy(introductionFollowUps.createdAt);
    },
  },
  {
    // Her answers to "Did you meet?" (issue 51), read by coordinators only.
    name: 'introductionMeetings',
    covers: ['introduction_meetings.user_id'],
    async collect(db, userId) {
      return db
        .select({ introductionId: introductionMeetings.introductionId, met: introductionMeetings.met, again: introductionMeetings.again, answeredAt: introductionMeetings.answeredAt })
        .from(introductionMeetings)
        .where(eq(introductionMeetings.userId, userId))
        .orderBy(introductionMeetings.answeredAt);
    },
  },
  {
    // Her answers to "Would you share your story?" (issue 51 part 5): what the landing page may show of her; the
    // photo of the two she gave is in the zip's stories/ folder.
    name: 'introductionStories',
    covers: ['introduction_stories.user_id'],
    async collect(db, userId) {
      return db
        .select({
          introductionId: introductionStories.introductionId,
          share: introductionStories.share,
          names: introductionStories.names,
          text: introductionStories.text,
          photo: introductionStories.photoKey,
          answeredAt: introductionStories.answeredAt,
        })
        .from(introductionStories)
        .where(eq(introductionStories.userId, userId))
        .orderBy(introductionStories.answeredAt);
    },
  },
  {
    // An elder's own reviews: what she decided and wrote.
    name: 'introductionReviews',
    covers: ['introduction_reviews.elder_id'],
    async collect(db, userId) {
      return db
        .select({ introductionId: introductionReviews.introductionId, decision: introductionReviews.decision, note: introductionReviews.note, reasons: introductionReviews.reasons, createdAt: introductionReviews.createdAt })
        .from(introductionReviews)
        .where(eq(introductionReviews.elderId, userId));
    },
  },
  {
    // A legacy partner application linked to her account by its email (docs/privacy.md).
    name: 'partnerApplications',
    covers: ['partner_applications.user_id'],
    async collect(db, userId) {
      const rows = await db.select().from(partnerApplications).where(eq(partnerApplications.userId, userId));
      return rows.map(({ userId: _u, ...row }) => row);
    },
  },
  {
    name: 'introductionRequests',
    covers: ['introduction_requests.requester_id'],
    async collect(db, userId) {
      return db
        .select({ userId: introductionRequests.otherId, note: introductionRequests.note, createdAt: introductionRequests.createdAt })
        .from(introductionRequests)
        .where(eq(introductionRequests.requesterId, userId));
    },
  },
  {
    // The guardians she invited (her own words: the name, address and relation she gave), never the token.
    name: 'guardians',
    covers: ['guardians.member_id'],
    async collect(db, userId) {
      return db
        .select({
          name: guardians.name,
          email: guardians.email,
          relation: guardians.relation,
          seesMessages: guardians.seesMessages,
          messagesSince: guardians.messagesSince,
          invitedAt: guardians.createdAt,
          acceptedAt: guardians.acceptedAt,
        })
        .from(guardians)
        .where(eq(guardians.memberId, userId))
        .orderBy(guardians.createdAt);
    },
  },
  {
    // The members she is a guardian of (their ids), and since when she reads their conversations.
    name: 'guarding',
    covers: ['guardians.guardian_user_id'],
    async collect(db, userId) {
      return db
        .select({ memberUserId: guardians.memberId, relation: guardians.relation, seesMessages: guardians.seesMessages, messagesSince: guardians.messagesSince, acceptedAt: guardians.acceptedAt })
        .from(guardians)
        .where(eq(guardians.guardianUserId, userId));
    },
  },
  {
    // Whom she asked and what became of it; the referees' answers are confidential to coordinators and
    // elders (the referee was told so), and stay out as the ministry's record (docs/privacy.md).
    name: 'references',
    covers: ['member_references.user_id'],
    async collect(db, userId) {
      return db
        .select({
          name: memberReferences.name,
          email: memberReferences.email,
          relationship: memberReferences.relationship,
          language: memberReferences.language,
          status: memberReferences.status,
          requestedAt: memberReferences.requestedAt,
          expiresAt: memberReferences.expiresAt,
          answeredAt: memberReferences.answeredAt,
        })
        .from(memberReferences)
        .where(eq(memberReferences.userId, userId));
    },
  },
  {
    // A coordinator's verification of her, with its note (the coordinator is not named: staff).
    name: 'verification',
    covers: ['member_verifications.user_id'],
    async collect(db, userId) {
      const [row] = await db
        .select({ method: memberVerifications.method, note: memberVerifications.note, verifiedAt: memberVerifications.verifiedAt })
        .from(memberVerifications)
        .where(eq(memberVerifications.userId, userId));
      return row ?? null;
    },
  },
  {
    // Her selfie checks (issue 50): the gesture, the dates, the status and a refusal's reason; never the photo, which
    // is deleted when decided or after 14 days, nor the coordinator's note or name (staff).
    name: 'selfieChecks',
    covers: ['selfie_checks.user_id'],
    async collect(db, userId) {
      return db
        .select({
          gestureId: selfieChecks.gestureId,
          status: selfieChecks.status,
          drawnAt: selfieChecks.drawnAt,
          submittedAt: selfieChecks.submittedAt,
          decidedAt: selfieChecks.decidedAt,
          reason: selfieChecks.reason,
          closedAt: selfieChecks.closedAt,
        })
        .from(selfieChecks)
        .where(eq(selfieChecks.userId, userId))
        .orderBy(selfieChecks.drawnAt);
    },
  },
  {
    name: 'volunteerApplication',
    covers: ['volunteer_applications.user_id', 'uploads.user_id'],
    async collect(db, userId) {
      const [row] = await db.select().from(volunteerApplications).where(eq(volunteerApplications.userId, userId));
      if (!row) return null;
      // The row's ids are ours, not her data.
      const { id: _i, userId: _u, ...application } = row;
      return application;
    },
  },
];

/** The member's photo files: profile photos and their volunteer photo (the keys under which the store holds them). */
export async function ownPhotoKeys(db: Db, userId: string): Promise<string[]> {
  const [profile] = await db.select({ photos: profiles.photos }).from(profiles).where(eq(profiles.userId, userId));
  const [application] = await db.select({ photo: volunteerApplications.photo }).from(volunteerApplications).where(eq(volunteerApplications.userId, userId));
  return [...new Set([...(profile?.photos ?? []), ...(application?.photo ? [application.photo] : [])])];
}
