import { asc, gt, gte, max } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { introductions, messages } from '#server/db/schema';
import type { CatchUp, IntroductionNotice, MessageEvent } from './event-hub';

/**
 * The reads the event hub makes after its listening connection came back (event-hub.ts): what was committed while
 * NOTIFYs could not arrive. Across all members: the hub delivers each event to whichever streams it holds.
 */
export function databaseCatchUp(db: Db): CatchUp {
  return {
    async latestSeq() {
      const [row] = await db.select({ latest: max(messages.seq) }).from(messages);
      return Number(row?.latest ?? 0);
    },
    async messagesAfter(after, limit): Promise<MessageEvent[]> {
      const rows = await db
        .select({ seq: messages.seq, id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId, createdAt: messages.createdAt })
        .from(messages)
        .where(gt(messages.seq, after))
        .orderBy(asc(messages.seq))
        .limit(limit);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
    async introductionsSince(since): Promise<IntroductionNotice[]> {
      const rows = await db
        .select({
          id: introductions.id,
          status: introductions.status,
          memberA: introductions.memberA,
          memberB: introductions.memberB,
          reachedFirstAt: introductions.reachedFirstAt,
          reachedSecondAt: introductions.reachedSecondAt,
        })
        .from(introductions)
        .where(gte(introductions.updatedAt, since));
      // Only the members it has reached hear of it, as with the live notice (introductions.service.ts).
      return rows
        .map((row) => ({
          id: row.id,
          status: row.status,
          userIds: [...(row.reachedFirstAt ? [row.memberA] : []), ...(row.reachedSecondAt ? [row.memberB] : [])],
        }))
        .filter((notice) => notice.userIds.length > 0);
    },
  };
}
