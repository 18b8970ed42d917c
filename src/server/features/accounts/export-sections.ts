import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, profiles, users, volunteerApplications } from '../../db/schema';

/**
 * What "Download my data" puts in account.json: one entry a kind of data, each reading only the member's own rows.
 * A feature that stores something about a member adds its section here (blocks and reports from the safety work,
 * introductions and consents when they land), and a test checks that every section appears in the export.
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
