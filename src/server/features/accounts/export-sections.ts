import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otherUnavailableFor } from '../introductions/introduction-sql';
import { blocks, introductionRequests, introductions, messages, notices, profiles, reports, users, volunteerApplications } from '../../db/schema';

/**
 * What "Download my data" puts in account.json: one entry a kind of data, each reading only the member's own rows.
 * A feature that stores something about a member adds its section here, and a test checks that every section
 * appears in the export. What others filed about the member (reports against them) and coordinators' private notes
 * are the ministry's records, not the member's data, and stay out.
 */
export interface ExportSection {
  name: string;
  collect(db: Db, userId: string): Promise<unknown>;
}

export const exportSections: ExportSection[] = [
  {
    name: 'account',
    async collect(db, userId) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  },
  {
    name: 'preferences',
    async collect(db, userId) {
      const [row] = await db
        .select({ language: users.language, notifyMessages: users.notifyMessages, notifyIntroductions: users.notifyIntroductions })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
  },
  {
    name: 'profile',
    async collect(db, userId) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      if (!row) return null;
      // The match keys are our own derived columns, not the member's data.
      const { locCity: _c, locRegion: _r, locCountry: _k, communityKey: _m, dobKey: _d, statedAge: _s, matchKeysVersion: _v, ...profile } = row;
      return profile;
    },
  },
  {
    name: 'messages',
    async collect(db, userId) {
      const rows = await db
        .select({ id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId, content: messages.content, read: messages.read, createdAt: messages.createdAt })
        .from(messages)
        .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
        .orderBy(messages.seq);
      return rows.map((row) => ({ ...row, direction: row.senderId === userId ? 'sent' : 'received' }));
    },
  },
  {
    // Issue 15: the privacy notice the member agreed to at sign-up, and when (null for a client that did not ask).
    name: 'consents',
    async collect(db, userId) {
      const [row] = await db.select({ privacyNoticeVersion: users.privacyNoticeVersion, privacyConsentAt: users.privacyConsentAt }).from(users).where(eq(users.id, userId));
      return row ? [{ notice: 'privacy', version: row.privacyNoticeVersion, agreedAt: row.privacyConsentAt }] : [];
    },
  },
  {
    // Issue 15: the people this member blocked (never who blocked them) and the reports they filed.
    name: 'blocks',
    async collect(db, userId) {
      return db.select({ userId: blocks.blockedId, createdAt: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, userId));
    },
  },
  {
    name: 'reportsMade',
    async collect(db, userId) {
      return db
        .select({ id: reports.id, userId: reports.reportedId, reason: reports.reason, details: reports.details, messageId: reports.messageId, status: reports.status, createdAt: reports.createdAt })
        .from(reports)
        .where(eq(reports.reporterId, userId));
    },
  },
  {
    name: 'notices',
    async collect(db, userId) {
      return db.select({ kind: notices.kind, createdAt: notices.createdAt, acknowledgedAt: notices.acknowledgedAt }).from(notices).where(eq(notices.userId, userId));
    },
  },
  {
    // Issue 16: introductions that reached the member, with their own answer and follow-ups (not the other's reason).
    name: 'introductions',
    async collect(db, userId) {
      const rows = await db
        .select({ row: introductions, unavailable: otherUnavailableFor(userId) })
        .from(introductions)
        .where(or(eq(introductions.memberA, userId), eq(introductions.memberB, userId)));
      return rows
        // Only what reached the member: never one still with the elders, nor the first's refusal to the second.
        .filter(({ row }) => (row.memberA === userId ? row.reachedFirstAt !== null : row.reachedSecondAt !== null))
        // The other person no longer available (a block, a suspension): as on the member's list, nothing of them (#28.2).
        .map(({ row, unavailable }) => ({
          id: row.id,
          otherUserId: unavailable ? null : row.memberA === userId ? row.memberB : row.memberA,
          available: !unavailable,
          status: row.status,
          note: unavailable ? '' : row.note,
          createdAt: row.createdAt,
          introducedAt: row.introducedAt,
        }));
    },
  },
  {
    name: 'introductionRequests',
    async collect(db, userId) {
      return db
        .select({ userId: introductionRequests.otherId, note: introductionRequests.note, createdAt: introductionRequests.createdAt })
        .from(introductionRequests)
        .where(eq(introductionRequests.requesterId, userId));
    },
  },
  {
    name: 'volunteerApplication',
    async collect(db, userId) {
      const [row] = await db.select().from(volunteerApplications).where(eq(volunteerApplications.userId, userId));
      return row ?? null;
    },
  },
];

/** The member's photo files: profile photos and their volunteer photo (the keys under which the store holds them). */
export async function ownPhotoKeys(db: Db, userId: string): Promise<string[]> {
  const [profile] = await db.select({ photos: profiles.photos }).from(profiles).where(eq(profiles.userId, userId));
  const [application] = await db.select({ photo: volunteerApplications.photo }).from(volunteerApplications).where(eq(volunteerApplications.userId, userId));
  return [...new Set([...(profile?.photos ?? []), ...(application?.photo ? [application.photo] : [])])];
}
