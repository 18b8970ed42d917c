import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { can } from '#domain/access';
import type { MyIntroductionRequest } from '#domain/introductions/introductions';
import { firstName } from '#domain/profile/profile';
import type { Db } from '#server/db/client';
import { introductionRequests, profiles } from '#server/db/schema';
import { HttpError, notFound } from '#server/errors';
import { loadRelationship } from '#server/policy/relationship';
import { notifyStaffOfIntroductionRequest } from '../notifications';

/**
 * "Ask a coordinator to introduce us": a member's requests, as a resource of their own. The other
 * person is never told; a coordinator's proposal for the pair answers a request (handled_at), and its maker may
 * withdraw it while it waits.
 */
export class IntroductionRequests {
  constructor(private readonly db: Db) {}

  /** Only about someone the caller may see (else the 404 of an unknown profile); asking twice is the same request. */
  async create(userId: string, otherId: string, note: string | undefined, now: Date): Promise<{ id: string }> {
    const { relationship } = await loadRelationship(this.db, userId, { userId: otherId }, now);
    if (!can.seeProfile(relationship)) throw notFound('profile-not-found');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(introductionRequests)
        .values({ requesterId: userId, otherId, note: note || null, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: introductionRequests.id });
      if (row) {
        await notifyStaffOfIntroductionRequest(tx, row.id);
        return row;
      }
      const [open] = await tx
        .select({ id: introductionRequests.id })
        .from(introductionRequests)
        .where(and(eq(introductionRequests.requesterId, userId), eq(introductionRequests.otherId, otherId), isNull(introductionRequests.handledAt)));
      return open!;
    });
  }

  /** The caller's pending requests, oldest first; the other is named only while the caller may still see them. */
  async mine(userId: string, now: Date): Promise<MyIntroductionRequest[]> {
    const rows = await this.db
      .select()
      .from(introductionRequests)
      .where(and(eq(introductionRequests.requesterId, userId), isNull(introductionRequests.handledAt)))
      .orderBy(asc(introductionRequests.createdAt))
      .limit(100);
    if (rows.length === 0) return [];
    const names = await this.db
      .select({ userId: profiles.userId, name: profiles.name })
      .from(profiles)
      .where(inArray(
        profiles.userId,
        rows.map((row) => row.otherId),
      ));
    const visible = await Promise.all(
      rows.map(async (row) => can.seeProfile((await loadRelationship(this.db, userId, { userId: row.otherId }, now)).relationship)),
    );
    return rows.map((row, index) => ({
      id: row.id,
      other: { userId: row.otherId, name: visible[index] ? (firstName(names.find((n) => n.userId === row.otherId)?.name ?? '') ?? null) : null },
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Withdraws one of the caller's pending requests; anyone else's, or one already answered, is unknown (404). */
  async withdraw(userId: string, id: string): Promise<void> {
    const gone = await this.db
      .delete(introductionRequests)
      .where(and(eq(introductionRequests.id, id), eq(introductionRequests.requesterId, userId), isNull(introductionRequests.handledAt)))
      .returning({ id: introductionRequests.id });
    if (gone.length === 0) throw new HttpError(404, 'introduction-request-not-found');
  }
}
