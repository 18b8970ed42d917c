import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { can } from '../../../domain/access';
import { addDays, openLimitFor, type CreateIntroductionInput, type IntroductionStatus } from '../../../domain/introductions';
import { firstName } from '../../../domain/profile';
import type { MemberRole } from '../../../domain/roles';
import type { IntroductionConfig } from '../../config';
import type { Db } from '../../db/client';
import { introductionRequests, introductions, reports, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../errors';
import { loadRelationship } from '../../policy/relationship';
import { notifyEldersOfReview } from '../notifications';
import { applyEffects } from './introduction-effects';
import { involves, isOpenSql } from '../../policy/introduction-sql';

/**
 * A coordinator's proposal (issue 16): the pair must be able to meet (both there, neither suspended, no block or
 * report either way, match candidates, never declined, not already open) and each within their limit of open
 * introductions. The caller has checked the coordinator role.
 * Without an elders' panel the proposal waits for the first member's answer at once, and its expiry job is written
 * with it (applyEffects).
 */
export async function propose(
  db: Db,
  config: IntroductionConfig,
  coordinator: { userId: string; roles: readonly MemberRole[] },
  input: CreateIntroductionInput,
  now: Date,
): Promise<{ id: string; status: IntroductionStatus }> {
  const { memberA, memberB, note } = input;
  if (!can.proposeIntroduction({ viewerId: coordinator.userId, viewerRoles: coordinator.roles, memberA, memberB })) {
    throw conflict(memberA === memberB ? 'introduction-same-member' : 'introduction-own');
  }
  const coordinatorId = coordinator.userId;
  const [fromA, fromB] = await Promise.all([
    loadRelationship(db, memberA, { userId: memberB }, now),
    loadRelationship(db, memberB, { userId: memberA }, now),
  ]);
  if (!fromA.other || !fromB.other) throw notFound('member-not-found');
  if (fromA.relationship.otherSuspended || fromB.relationship.otherSuspended) throw new HttpError(409, 'member-suspended', 'One of the two members is suspended');
  if (fromA.relationship.blocked) throw conflict('member-blocked');
  // A report works as a one-sided block for introductions (issue 31): never introduce someone to their reporter.
  const [reported] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(or(and(eq(reports.reporterId, memberA), eq(reports.reportedId, memberB)), and(eq(reports.reporterId, memberB), eq(reports.reportedId, memberA))))
    .limit(1);
  if (reported) throw conflict('member-reported');
  if (!fromA.relationship.candidate) throw conflict('not-candidates');

  const panel = config.elderApprovals > 0;
  return db.transaction(async (tx) => {
    // Both members locked, in id order: two proposals for the same person wait for each other, so the limits hold.
    await tx.execute(sql`select ${users.id} from ${users} where ${users.id} in (${memberA}::uuid, ${memberB}::uuid) order by ${users.id} for update`);
    const [low, high] = memberA < memberB ? [memberA, memberB] : [memberB, memberA];
    const earlier = await tx
      .select({ status: introductions.status })
      .from(introductions)
      .where(and(eq(introductions.pairLow, low), eq(introductions.pairHigh, high), or(isOpenSql, eq(introductions.status, 'declined'))));
    if (earlier.some((row) => row.status === 'declined')) throw conflict('introduction-declined-before');
    if (earlier.length > 0) throw conflict('introduction-already-open');
    for (const [path, person] of [['memberA', fromA.viewer!], ['memberB', fromB.viewer!]] as const) {
      const limit = openLimitFor(person.profile!.courtshipAlignment, config.maxOpen);
      const [count] = await tx.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(introductions).where(and(involves(person.userId), isOpenSql));
      if ((count?.n ?? 0) >= limit) {
        // The sentence names the member for API clients; `path` tells the web which of the two, and it names them itself.
        const message = `${firstName(person.profile!.name) ?? 'A member'} already has ${limit === 1 ? 'an open introduction (one-to-one courtship)' : `${limit} open introductions`}`;
        throw new HttpError(409, limit === 1 ? 'member-in-open-introduction' : 'member-introduction-limit', message, [{ path, code: 'invalid', message }]);
      }
    }
    const [row] = await tx
      .insert(introductions)
      .values({
        memberA,
        memberB,
        pairLow: low,
        pairHigh: high,
        coordinatorId,
        note,
        firstNameA: firstName(fromA.viewer!.profile!.name),
        firstNameB: firstName(fromB.viewer!.profile!.name),
        status: panel ? 'awaiting-elders' : 'awaiting-first',
        reachedFirstAt: panel ? null : now,
        respondBy: panel ? null : addDays(now, config.responseDays),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // A member's request for this pair (either way round) is answered by the proposal.
    await tx
      .update(introductionRequests)
      .set({ handledAt: now })
      .where(
        and(
          isNull(introductionRequests.handledAt),
          or(
            and(eq(introductionRequests.requesterId, memberA), eq(introductionRequests.otherId, memberB)),
            and(eq(introductionRequests.requesterId, memberB), eq(introductionRequests.otherId, memberA)),
          ),
        ),
      );
    // Without an elders' panel it reaches the first member at once (with a panel, the last approval does: the flow).
    if (!panel) await applyEffects(tx, row!, { status: row!.status, announce: ['memberA'], notices: [], mails: [{ to: 'memberA', kind: 'asked' }] });
    else await notifyEldersOfReview(tx, row!.id);
    return { id: row!.id, status: row!.status };
  });
}
