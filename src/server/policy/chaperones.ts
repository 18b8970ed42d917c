import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { shownName } from '#domain/staff/staff-name';
import type { Db } from '#server/db/client';
import { conversations, guardians, introductions, profiles, users } from '#server/db/schema';
import { CHAPERONE_NOTICE_IDS, notify } from '#server/events/channels';

// The chaperone facts other features read (messages: the line both members see; guardians: the first name in its mails).
// They sit here, below the features, because guardians stands on introductions, which stands on messages: messages
// importing guardians' index would close a circle.

/** The first name a member is shown by: the profile's, else the account's (domain/staff/staff-name.ts shownName). */
export async function memberFirstName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ profileName: profiles.name, accountName: users.firstName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? shownName({ profileName: row.profileName, accountFirstName: row.accountName }) : null;
}

/**
 * The members of a conversation between the viewer `a` and `b` whose guardian can read it, and since when: both
 * members are told (GET /api/user/:id/info, `chaperones`); `yours` marks the viewer's own guardian, whom she is told
 * of in the second person, not by her own name.
 */
export async function chaperonesOf(db: Db, a: string, b: string): Promise<Array<{ memberFirstName: string | null; since: string; yours: boolean }>> {
  const rows = await db
    .select({ memberId: guardians.memberId, since: sql<string>`min(${guardians.messagesSince})`.mapWith((v: string | Date) => new Date(v).toISOString()) })
    .from(guardians)
    .where(and(inArray(guardians.memberId, [a, b]), isNotNull(guardians.guardianUserId), eq(guardians.seesMessages, true), isNotNull(guardians.messagesSince)))
    .groupBy(guardians.memberId);
  return Promise.all(rows.map(async (row) => ({ memberFirstName: await memberFirstName(db, row.memberId), since: row.since, yours: row.memberId === a })));
}

/**
 * Tells the open streams of everyone the line concerns — the member, each person she has a conversation with, and
 * each member of an introduction of hers (whose thread with her may be open before either has written) — that who
 * may read her conversations changed (a guardian accepted, reading switched on or off), so an open
 * thread shows or drops "A family member of … can read this conversation" at once, not at the next reload. Inside
 * the transaction that changed it: delivered at its commit, the moment the guardian's reading starts.
 */
export async function announceChaperoneChange(tx: Db, memberId: string): Promise<void> {
  // One after the other: a transaction's statements run on one connection.
  const others = await tx.selectDistinct({ otherId: conversations.otherId }).from(conversations).where(eq(conversations.userId, memberId));
  const introduced = await tx
    .select({ a: introductions.memberA, b: introductions.memberB })
    .from(introductions)
    .where(or(eq(introductions.memberA, memberId), eq(introductions.memberB, memberId)));
  const userIds = [...new Set([memberId, ...others.map((row) => row.otherId), ...introduced.flatMap((row) => [row.a, row.b])])];
  for (let start = 0; start < userIds.length; start += CHAPERONE_NOTICE_IDS) {
    await notify(tx, 'chaperones', { userIds: userIds.slice(start, start + CHAPERONE_NOTICE_IDS) });
  }
}
